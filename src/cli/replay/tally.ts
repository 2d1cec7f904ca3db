/**
 * Folding parse results into `replay` figures, per model, per format and per tool. Every call the
 * parser extracted counts once in each of its groups; tool-call syntax that yielded no call counts
 * as one failed attempt, so a model whose calls are unreadable shows a low parse rate rather than
 * no figures at all.
 */
import type { ParseResult, RejectionReason, RepairKind } from '../../types.js';
import { bump, emptyCounts, withRates, type Counts, type Figures } from './figures.js';

/** The group name for outputs whose log line names no model. */
export const UNKNOWN_MODEL = '(unknown model)';
/** The format group for tool-call syntax that no format could read. */
export const UNREAD_FORMAT = '(unread)';
/** The tool group for calls whose name could not be read. */
export const UNNAMED_TOOL = '(unnamed)';

/** The report `replay` writes with `--out` and compares with `--baseline`. */
export interface ReplayReport {
  /** Bumped when the shape changes; a baseline of another version is refused. */
  version: 1;
  /** The log file as named on the command line. */
  log: string;
  /** Non-empty lines read. */
  lines: number;
  /** Lines that were not a `{ output }` object, with why (the first 20). */
  skipped: { line: number; message: string }[];
  skippedCount: number;
  totals: Figures;
  models: Record<string, Figures>;
  formats: Record<string, Figures>;
  tools: Record<string, Figures>;
}

/** A report being built; see {@link createTally}. */
export interface Tally {
  /** Counts one parsed output of the given model. */
  add(model: string | undefined, result: ParseResult): void;
  /** Records a log line that could not be replayed. */
  skip(line: number, message: string): void;
  /** Counts a non-empty line (replayed or skipped). */
  line(): void;
  /** The report so far. */
  report(log: string): ReplayReport;
}

interface Attempt {
  format: string;
  tool: string;
  parsed: boolean;
  accepted: boolean;
  fallback: boolean;
  reason?: RejectionReason | 'no-call';
  repairs: readonly { kind: RepairKind }[];
}

/**
 * Creates an empty tally.
 *
 * @param isFallback - Whether a call read in this format came through a fallback syntax.
 * @returns The tally.
 * @example
 * ```ts
 * const tally = createTally((format) => format === 'react');
 * tally.add('qwen3', parser.parse(output));
 * tally.report('log.jsonl').totals.parseRate; // 1
 * ```
 */
export function createTally(isFallback: (format: string) => boolean): Tally {
  const totals = emptyCounts();
  const models = new Map<string, Counts>();
  const formats = new Map<string, Counts>();
  const tools = new Map<string, Counts>();
  const skipped: ReplayReport['skipped'] = [];
  let skippedCount = 0;
  let lines = 0;

  return {
    add(model, result) {
      const attempts = attemptsOf(result, isFallback);
      const touched = new Set<Counts>([totals, group(models, model ?? UNKNOWN_MODEL)]);
      for (const attempt of attempts) {
        const groups = [
          totals,
          group(models, model ?? UNKNOWN_MODEL),
          group(formats, attempt.format),
          group(tools, attempt.tool),
        ];
        for (const counts of groups) {
          touched.add(counts);
          countAttempt(counts, attempt);
        }
      }
      for (const counts of touched) {
        counts.outputs += 1;
        if (result.syntaxSeen || attempts.length > 0) counts.withSyntax += 1;
      }
    },
    skip(line, message) {
      skippedCount += 1;
      if (skipped.length < 20) skipped.push({ line, message });
    },
    line() {
      lines += 1;
    },
    report(log) {
      return {
        version: 1,
        log,
        lines,
        skipped: [...skipped],
        skippedCount,
        totals: withRates(totals),
        models: figuresOf(models),
        formats: figuresOf(formats),
        tools: figuresOf(tools),
      };
    },
  };
}

function attemptsOf(result: ParseResult, isFallback: (format: string) => boolean): Attempt[] {
  const attempts: Attempt[] = [];
  for (const call of result.calls) {
    attempts.push({
      format: call.format,
      tool: call.name,
      parsed: true,
      accepted: true,
      fallback: isFallback(call.format),
      repairs: call.repairs,
    });
  }
  for (const rejection of result.rejected) {
    const parsed = rejection.reason !== 'malformed' && rejection.reason !== 'incomplete';
    attempts.push({
      format: rejection.format,
      tool: rejection.name ?? UNNAMED_TOOL,
      parsed,
      accepted: false,
      fallback: parsed && isFallback(rejection.format),
      reason: rejection.reason,
      repairs: rejection.repairs,
    });
  }
  if (attempts.length === 0 && result.syntaxSeen) {
    attempts.push({
      format: UNREAD_FORMAT,
      tool: UNNAMED_TOOL,
      parsed: false,
      accepted: false,
      fallback: false,
      reason: 'no-call',
      repairs: [],
    });
  }
  return attempts;
}

function countAttempt(counts: Counts, attempt: Attempt): void {
  counts.attempts += 1;
  if (attempt.parsed) counts.parsed += 1;
  if (attempt.accepted) counts.accepted += 1;
  if (attempt.fallback) counts.fallback += 1;
  if (attempt.reason === 'schema-violation') counts.validationFailures += 1;
  if (attempt.reason === 'unknown-tool') counts.unknownTool += 1;
  if (attempt.reason !== undefined) bump(counts.rejections, attempt.reason);
  for (const repair of attempt.repairs) bump(counts.repairs, repair.kind);
}

function group(groups: Map<string, Counts>, name: string): Counts {
  let counts = groups.get(name);
  if (counts === undefined) {
    counts = emptyCounts();
    groups.set(name, counts);
  }
  return counts;
}

function figuresOf(groups: Map<string, Counts>): Record<string, Figures> {
  const names = [...groups.keys()].sort();
  return Object.fromEntries(names.map((name) => [name, withRates(groups.get(name) as Counts)]));
}
