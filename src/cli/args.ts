/**
 * Command-line flags, read with `node:util` `parseArgs` and turned into one-line fixes when they
 * are wrong (`unknown flag --fromat (did you mean --format?)`).
 */
import { parseArgs } from 'node:util';
import { formatIds } from '../formats/index.js';
import type { FormatId } from '../types.js';
import { UsageError } from './errors.js';

/** A flag a command accepts: a boolean switch, or a string value that may repeat. */
export interface FlagSpec {
  type: 'boolean' | 'string';
  multiple?: boolean;
}

/** Flags and positionals as a command receives them. */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/**
 * Reads a command's arguments.
 *
 * @param command - The command name, for messages.
 * @param argv - The arguments after the command name.
 * @param flags - The flags the command accepts.
 * @returns Values and positionals.
 * @throws UsageError for an unknown flag or a flag missing its value.
 * @example
 * ```ts
 * readArgs('parse', ['out.txt', '--format', 'hermes'], { format: { type: 'string', multiple: true } });
 * // { values: { format: ['hermes'] }, positionals: ['out.txt'] }
 * ```
 */
export function readArgs(
  command: string,
  argv: readonly string[],
  flags: Record<string, FlagSpec>,
): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: flags,
      allowPositionals: true,
      strict: true,
    });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (error) {
    throw new UsageError(`${command}: ${explain(error, Object.keys(flags))}`);
  }
}

/**
 * Checks the `--format` values against the registry.
 *
 * @param values - The values given, possibly none.
 * @returns The format ids, or `'auto'` when none was given.
 * @throws UsageError for an unknown id, with the valid ones.
 * @example
 * ```ts
 * readFormats(['hermes', 'pythonic']); // ['hermes', 'pythonic']
 * readFormats(undefined); // 'auto'
 * ```
 */
export function readFormats(values: string[] | undefined): 'auto' | FormatId[] {
  if (values === undefined || values.length === 0) return 'auto';
  if (values.length === 1 && values[0] === 'auto') return 'auto';
  for (const value of values) {
    if (!(formatIds as readonly string[]).includes(value)) {
      const near = closest(value, formatIds);
      throw new UsageError(
        `unknown format "${value}"${near === undefined ? '' : ` (did you mean "${near}"?)`}; valid ids: ${formatIds.join(', ')}`,
      );
    }
  }
  return values as FormatId[];
}

function explain(error: unknown, known: string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /'([^']+)'/.exec(message)?.[1] ?? message;
    const near = closest(flag.replace(/^-+/, ''), known);
    const hint =
      near === undefined
        ? `known flags: ${known.map((name) => `--${name}`).join(', ')}`
        : `did you mean --${near}?`;
    return `unknown flag ${flag} (${hint})`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flag = /--[\w-]+/.exec(message)?.[0] ?? 'a flag';
    return `${flag} needs a value, e.g. ${flag} <value>`;
  }
  return message.split('\n')[0] ?? message;
}

/** The known word nearest to `word` (edit distance at most 2, or a shared prefix). */
function closest(word: string, known: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(lower, name);
    if (distance <= 2 && (best === undefined || distance < best.distance))
      best = { name, distance };
  }
  return best?.name ?? known.find((name) => name.startsWith(lower) || lower.startsWith(name));
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let row = 1; row <= a.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= b.length; column += 1) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      current[column] = Math.min(
        (previous[column] ?? 0) + 1,
        (current[column - 1] ?? 0) + 1,
        (previous[column - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
