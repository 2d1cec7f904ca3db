/**
 * Telemetry records, one per call (the playbook's mandatory fields), and their safe delivery: a
 * callback that throws changes nothing in the result.
 */
import type { CallVerdict } from '../policy/decide.js';
import type { CallFormat, TelemetryRecord } from '../types.js';
import { ignoreRejection } from '../ignore-rejection.js';

/** What a record needs beyond the verdict. */
export interface RecordContext {
  format: CallFormat;
  fallback: boolean;
  candidateCount: number;
  extractMs: number;
  decideMs: number;
}

/**
 * Builds the telemetry record of one verdict.
 *
 * @param verdict - The gate's verdict on a call.
 * @param context - Its format, fallback flag, the output's candidate count and timings.
 * @returns The record.
 * @example
 * ```ts
 * createTelemetryRecord(verdict, { format: 'hermes', fallback: false, candidateCount: 1, extractMs: 0.2, decideMs: 0.1 }).parse_mode; // 'hermes'
 * ```
 */
export function createTelemetryRecord(
  verdict: CallVerdict,
  context: RecordContext,
): TelemetryRecord {
  const repairs = verdict.accepted ? verdict.call.repairs : verdict.rejection.repairs;
  const record: TelemetryRecord = {
    call_id: verdict.id,
    tool: verdict.tool,
    parse_mode: context.format,
    outcome: verdict.accepted ? 'accepted' : verdict.rejection.reason,
    fallback_used: context.fallback,
    candidate_count: context.candidateCount,
    schema_validation: verdict.validation.status,
    // Most calls have none: `map` over an empty list costs several times an empty literal.
    repairs: repairs.length === 0 ? [] : repairs.map((repair) => repair.kind),
    name_match: verdict.nameMatch,
    schema_version: verdict.schemaVersion,
    timings: { extractMs: context.extractMs, decideMs: context.decideMs },
  };
  if (verdict.validation.reason !== undefined)
    record.schema_validation_reason = verdict.validation.reason;
  const flags = verdict.accepted ? verdict.call.flags : undefined;
  if (flags !== undefined) record.flags = flags.map((flag) => flag.code);
  return record;
}

/**
 * Wraps the caller's `onTelemetry` so that a throwing callback is ignored: telemetry must never
 * turn a parse into an exception or change its result.
 *
 * @param callback - The caller's callback, or `undefined`.
 * @returns A function that delivers a record and never throws.
 * @example
 * ```ts
 * const emit = createTelemetrySink(() => { throw new Error('down'); });
 * emit(record); // no throw
 * ```
 */
export function createTelemetrySink(
  callback: ((record: TelemetryRecord) => void) | undefined,
): (record: TelemetryRecord) => void {
  if (callback === undefined) return () => {};
  if (typeof callback !== 'function') {
    throw new TypeError('createParser: "onTelemetry" must be a function (record) => void');
  }
  return (record) => {
    try {
      // The caller gets a copy: what it does with it cannot reach the result. An async callback's
      // promise is dropped; what it rejects with is ignored like a throw.
      const answer: unknown = callback(copyRecord(record));
      if (answer !== undefined) ignoreRejection(answer);
    } catch {
      // Deliberately ignored (see above).
    }
  };
}

/**
 * A copy of a record that shares no object with it. Written out rather than `structuredClone`: a
 * record holds strings, numbers and booleans, two lists of strings and the timings, and
 * `structuredClone` (a serialization, then a deserialization) cost more than the rest of a small
 * parse: with a callback that did nothing, a 200-byte call took about twice as long.
 *
 * @param record - A record made by {@link createTelemetryRecord}.
 * @returns The copy.
 * @example
 * ```ts
 * const copy = copyRecord(record);
 * copy.repairs === record.repairs; // false
 * ```
 */
function copyRecord(record: TelemetryRecord): TelemetryRecord {
  const copy: TelemetryRecord = {
    ...record,
    repairs: [...record.repairs],
    timings: { ...record.timings },
  };
  if (record.flags !== undefined) copy.flags = [...record.flags];
  return copy;
}
