/**
 * The figures `replay` reports for a group of outputs (a model, a format, a tool, or all of
 * them): counts, and the rates computed from them. Counts are kept so two reports can be
 * compared and merged; rates are derived so they never disagree with the counts.
 */
import type { RejectionReason, RepairKind } from '../../types.js';

/** Counts for one group. */
export interface Counts {
  /** Outputs that contributed to the group. */
  outputs: number;
  /** Outputs in which tool-call syntax was seen. */
  withSyntax: number;
  /** Tool-call attempts: accepted calls, rejected calls, and syntax that yielded no call at all. */
  attempts: number;
  /** Attempts that parsed into a named call (accepted or refused by policy, not malformed or cut off). */
  parsed: number;
  /** Calls that passed every gate. */
  accepted: number;
  /** Parsed calls read through a fallback format (bare JSON, ReAct, ...). */
  fallback: number;
  /** Parsed calls refused by schema validation. */
  validationFailures: number;
  /** Parsed calls to a tool outside the manifest. */
  unknownTool: number;
  /** Repairs by kind, over every attempt. */
  repairs: Partial<Record<RepairKind, number>>;
  /** Rejections by reason. */
  rejections: Partial<Record<RejectionReason | 'no-call', number>>;
}

/** Rates derived from {@link Counts}, each between 0 and 1 (0 when there is nothing to divide). */
export interface Rates {
  /** parsed / attempts. */
  parseRate: number;
  /** fallback / parsed. */
  fallbackRate: number;
  /** validationFailures / parsed. */
  validationFailureRate: number;
  /** unknownTool / parsed. */
  unknownToolRate: number;
}

/** Counts with their rates, as a report stores them. */
export type Figures = Counts & Rates;

/** The rate names, in the order reports print them. */
export const RATE_NAMES = [
  'parseRate',
  'fallbackRate',
  'validationFailureRate',
  'unknownToolRate',
] as const;

/** Human labels of the rates. */
export const RATE_LABELS: Record<(typeof RATE_NAMES)[number], string> = {
  parseRate: 'parse rate',
  fallbackRate: 'fallback rate',
  validationFailureRate: 'validation failure rate',
  unknownToolRate: 'unknown-tool rate',
};

/** For each rate, whether a higher value is better (parse rate) or worse (the others). */
export const HIGHER_IS_BETTER: Record<(typeof RATE_NAMES)[number], boolean> = {
  parseRate: true,
  fallbackRate: false,
  validationFailureRate: false,
  unknownToolRate: false,
};

/**
 * Creates empty counts.
 *
 * @returns Counts at zero.
 * @example
 * ```ts
 * emptyCounts().attempts; // 0
 * ```
 */
export function emptyCounts(): Counts {
  return {
    outputs: 0,
    withSyntax: 0,
    attempts: 0,
    parsed: 0,
    accepted: 0,
    fallback: 0,
    validationFailures: 0,
    unknownTool: 0,
    repairs: {},
    rejections: {},
  };
}

/**
 * Adds counts to its rates.
 *
 * @param counts - A group's counts.
 * @returns The counts and their rates.
 * @example
 * ```ts
 * withRates({ ...emptyCounts(), attempts: 4, parsed: 3 }).parseRate; // 0.75
 * ```
 */
export function withRates(counts: Counts): Figures {
  return {
    ...counts,
    parseRate: ratio(counts.parsed, counts.attempts),
    fallbackRate: ratio(counts.fallback, counts.parsed),
    validationFailureRate: ratio(counts.validationFailures, counts.parsed),
    unknownToolRate: ratio(counts.unknownTool, counts.parsed),
  };
}

/**
 * Formats a rate as a percentage with one decimal.
 *
 * @param rate - Between 0 and 1.
 * @returns Such as `"87.5%"`.
 * @example
 * ```ts
 * percent(0.875); // '87.5%'
 * ```
 */
export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

/**
 * Increments a counter in a tally record.
 *
 * @param record - Counters by key.
 * @param key - The key to count.
 * @example
 * ```ts
 * const repairs = {};
 * bump(repairs, 'trailing-comma'); // repairs['trailing-comma'] === 1
 * ```
 */
export function bump<K extends string>(record: Partial<Record<K, number>>, key: K): void {
  record[key] = (record[key] ?? 0) + 1;
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
