/**
 * Aggregate counters over telemetry records: rates by tool, by format and by schema version
 * (validation failures, unknown names, repairs, fallbacks, tool results). A spike after a prompt
 * or schema rollout shows up in one bucket instead of hiding in the average.
 */
import type { TelemetryRecord } from '../types.js';

/** Counts for one bucket. */
export interface MetricsCounts {
  calls: number;
  accepted: number;
  rejected: number;
  validationFailures: number;
  unknownNames: number;
  /** Calls with at least one repair (lenient JSON, coercion, sanitization, name normalisation). */
  repaired: number;
  fallbacks: number;
  results: { ok: number; empty: number; error: number };
}

/** Rates for one bucket, each a fraction of `calls` (results: of reported results). */
export interface MetricsRates {
  validationFailureRate: number;
  unknownNameRate: number;
  repairRate: number;
  fallbackRate: number;
  rejectionRate: number;
  errorResultRate: number;
}

/** One bucket: its counts and rates. */
export type MetricsBucket = MetricsCounts & MetricsRates;

/** Everything counted so far. */
export interface MetricsSnapshot {
  total: MetricsBucket;
  byTool: Record<string, MetricsBucket>;
  byFormat: Record<string, MetricsBucket>;
  bySchemaVersion: Record<string, MetricsBucket>;
}

/** Aggregates records. */
export interface Metrics {
  /** Counts one record: a call record from a parse, or a completed one from `recordToolResult`. */
  record(record: TelemetryRecord): void;
  /** The counts and rates so far. */
  snapshot(): MetricsSnapshot;
  /** Starts over. */
  reset(): void;
}

/** Bucket key for records without a tool or schema version (a call with no name, an unknown tool). */
const NONE = '(none)';

/** Bucket key for the tools seen after {@link MAX_TOOL_BUCKETS} others. */
const OTHER = '(other)';

/**
 * Most tool buckets kept. A name is model text until it resolves, so a model writing a new name
 * in every call would otherwise grow a long-lived aggregator without end.
 */
export const MAX_TOOL_BUCKETS = 1024;

/**
 * Creates an aggregator; pass its `record` as (or from) `onTelemetry`.
 *
 * @returns The aggregator.
 * @example
 * ```ts
 * const metrics = createMetrics();
 * const parser = createParser({ tools, onTelemetry: metrics.record });
 * parser.parse(text);
 * metrics.snapshot().byTool['get_weather']?.validationFailureRate; // 0
 * ```
 */
export function createMetrics(): Metrics {
  let total = emptyCounts();
  let byTool = new Map<string, MetricsCounts>();
  let byFormat = new Map<string, MetricsCounts>();
  let bySchemaVersion = new Map<string, MetricsCounts>();

  return {
    record(record) {
      const buckets = [
        total,
        bucket(byTool, toolKey(byTool, record)),
        bucket(byFormat, record.parse_mode),
        bucket(bySchemaVersion, record.schema_version ?? NONE),
      ];
      for (const counts of buckets) count(counts, record);
    },
    snapshot() {
      return {
        total: withRates(total),
        byTool: mapRates(byTool),
        byFormat: mapRates(byFormat),
        bySchemaVersion: mapRates(bySchemaVersion),
      };
    },
    reset() {
      total = emptyCounts();
      byTool = new Map();
      byFormat = new Map();
      bySchemaVersion = new Map();
    },
  };
}

function count(counts: MetricsCounts, record: TelemetryRecord): void {
  // A completed record (from recordToolResult) reports the result of a call already counted.
  if (record.tool_result_status !== undefined) {
    counts.results[record.tool_result_status] += 1;
    return;
  }
  counts.calls += 1;
  if (record.outcome === 'accepted') counts.accepted += 1;
  else counts.rejected += 1;
  if (record.schema_validation === 'fail') counts.validationFailures += 1;
  if (record.outcome === 'unknown-tool') counts.unknownNames += 1;
  if (record.repairs.length > 0) counts.repaired += 1;
  if (record.fallback_used) counts.fallbacks += 1;
}

function bucket(map: Map<string, MetricsCounts>, key: string): MetricsCounts {
  let counts = map.get(key);
  if (counts === undefined) {
    counts = emptyCounts();
    map.set(key, counts);
  }
  return counts;
}

function emptyCounts(): MetricsCounts {
  return {
    calls: 0,
    accepted: 0,
    rejected: 0,
    validationFailures: 0,
    unknownNames: 0,
    repaired: 0,
    fallbacks: 0,
    results: { ok: 0, empty: 0, error: 0 },
  };
}

function withRates(counts: MetricsCounts): MetricsBucket {
  const rate = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);
  const reported = counts.results.ok + counts.results.empty + counts.results.error;
  return {
    ...counts,
    results: { ...counts.results },
    validationFailureRate: rate(counts.validationFailures, counts.calls),
    unknownNameRate: rate(counts.unknownNames, counts.calls),
    repairRate: rate(counts.repaired, counts.calls),
    fallbackRate: rate(counts.fallbacks, counts.calls),
    rejectionRate: rate(counts.rejected, counts.calls),
    errorResultRate: rate(counts.results.error, reported),
  };
}

function mapRates(map: Map<string, MetricsCounts>): Record<string, MetricsBucket> {
  const result: Record<string, MetricsBucket> = Object.create(null) as Record<
    string,
    MetricsBucket
  >;
  for (const [key, counts] of map) result[key] = withRates(counts);
  return result;
}

/**
 * The tool bucket of a record: its tool, an unknown name included (which names a model invents is
 * worth seeing), until {@link MAX_TOOL_BUCKETS} tools have buckets; later ones count as `(other)`.
 */
function toolKey(byTool: ReadonlyMap<string, MetricsCounts>, record: TelemetryRecord): string {
  const tool = record.tool;
  if (tool === undefined) return NONE;
  return byTool.has(tool) || byTool.size < MAX_TOOL_BUCKETS ? tool : OTHER;
}
