/**
 * Name resolution: the name a model wrote, matched against the pinned manifest. Exact by default.
 * The opt-in ladder (ds2api) tries case-insensitive, then namespace tail (`functions.get_weather`),
 * then loose (letters and digits); a looser rung counts only when it finds exactly one tool, and
 * never reaches a `destructive` tool (`delete_all_tickets` must not become `delete_ticket`).
 */
import type { NameMatch } from '../types.js';

/** How names are matched: `'exact'` (the default) or the ds2api `'ladder'`. */
export type NameMatching = 'exact' | 'ladder';

/** What the resolver needs of a tool. */
export interface NamedTool {
  readonly name: string;
  readonly effect: 'read' | 'write' | 'destructive';
}

/** A resolved name: the manifest's tool name and the rung that found it. */
export interface NameResolution {
  name: string;
  match: Exclude<NameMatch, 'none'>;
}

/** Looks names up in one manifest. */
export interface NameResolver {
  /** The tool a written name means, or `undefined` when no rung finds exactly one allowed tool. */
  resolve(written: string): NameResolution | undefined;
}

interface Rung {
  match: Exclude<NameMatch, 'none' | 'exact'>;
  key: (name: string) => string;
}

/** The ladder's rungs, tightest first. Each maps a name to the key it compares. */
const RUNGS: readonly Rung[] = [
  { match: 'case-insensitive', key: (name) => name.toLowerCase() },
  { match: 'namespace-tail', key: namespaceTail },
  { match: 'loose', key: looseKey },
];

/**
 * A name's letters and digits in any script, compatibility forms folded (`ＳＥＮＤ_ＭＡＩＬ` →
 * `sendmail`). Keeping only `a-z` and `0-9` gave every name written in another script (`获取天气`,
 * `删除所有文件`) and every run of punctuation the same empty key, so one resolved to the other.
 *
 * @param name - A tool name, as defined or as written.
 * @returns The key the loose rung compares; empty when the name has no letter or digit.
 * @example
 * ```ts
 * looseKey('Get-Weather'); // 'getweather'
 * ```
 */
export function looseKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The last segment of a dotted name (`functions.get_weather` → `get_weather`, `a.b.c` → `c`).
 *
 * @param name - A tool name as written.
 * @returns The segment after the last dot, or the whole name.
 * @example
 * ```ts
 * namespaceTail('functions.get_weather'); // 'get_weather'
 * ```
 */
export function namespaceTail(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/**
 * Builds a resolver over a manifest.
 *
 * @param tools - The pinned tools (names are unique).
 * @param matching - `'exact'` or `'ladder'`.
 * @returns The resolver.
 * @example
 * ```ts
 * const resolver = createNameResolver([{ name: 'get_weather', effect: 'read' }], 'ladder');
 * resolver.resolve('functions.get_weather'); // { name: 'get_weather', match: 'namespace-tail' }
 * ```
 */
export function createNameResolver(
  tools: readonly NamedTool[],
  matching: NameMatching,
): NameResolver {
  const exact = new Map(tools.map((tool) => [tool.name, tool]));
  // For each rung, key → every tool with that key; a key shared by two tools resolves to neither.
  const rungIndexes = RUNGS.map((rung) => {
    const index = new Map<string, NamedTool[]>();
    for (const tool of tools) {
      const key = rung.key(tool.name);
      const list = index.get(key);
      if (list === undefined) index.set(key, [tool]);
      else list.push(tool);
    }
    return { rung, index };
  });

  return {
    resolve(written) {
      const tool = exact.get(written);
      if (tool !== undefined) return { name: tool.name, match: 'exact' };
      if (matching === 'exact') return undefined;
      for (const { rung, index } of rungIndexes) {
        const key = rung.key(written);
        // A name that is all punctuation, or a bare namespace (`functions.`), names nothing.
        if (key === '') continue;
        const found = index.get(key);
        if (found === undefined) continue;
        const only = found.length === 1 ? found[0] : undefined;
        // A rung that finds several tools, or a destructive one, ends the search: a looser rung
        // would only find more, and guessing is how the wrong tool runs.
        if (only === undefined || only.effect === 'destructive') return undefined;
        return { name: only.name, match: rung.match };
      }
      return undefined;
    },
  };
}
