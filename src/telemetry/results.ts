/**
 * Tool results reported after execution (`recordToolResult`), which complete a call's telemetry
 * record. Records are kept for the most recent accepted calls only, so a caller that never
 * reports results does not make the parser grow without bound.
 */
import type { TelemetryRecord } from '../types.js';

/** Status of an executed tool, reported by the caller. */
export type ToolResultStatus = 'ok' | 'empty' | 'error';

const STATUSES: readonly ToolResultStatus[] = ['ok', 'empty', 'error'];

/** Remembers recent records by call id. */
export interface ResultLedger {
  /** Remembers a record of an accepted call. */
  remember(record: TelemetryRecord): void;
  /** Completes a record; returns the completed copy, or `undefined` for an unknown or forgotten id. */
  complete(id: string, status: ToolResultStatus): TelemetryRecord | undefined;
}

/**
 * Creates a ledger holding the records of the last `capacity` accepted calls. Completing an id
 * reads its most recent record and forgets every record of that id, so a result is counted once.
 *
 * Remembering is one array write into a ring, because it runs on every accepted call of every
 * parse, where a Map insert and eviction were about a tenth of a small parse. Completing scans the
 * ring (at most `capacity` id comparisons), which runs once per executed tool.
 *
 * @param capacity - How many accepted calls' records to keep (oldest forgotten first). Default 1024.
 * @returns The ledger.
 * @example
 * ```ts
 * const ledger = createResultLedger();
 * ledger.remember(record);
 * ledger.complete(record.call_id, 'ok')?.tool_result_status; // 'ok'
 * ```
 */
export function createResultLedger(capacity = 1024): ResultLedger {
  const ring: (TelemetryRecord | undefined)[] = [];
  // Where the next record goes; the ring fills up to `capacity`, then overwrites the oldest.
  let next = 0;
  return {
    remember(record) {
      ring[next] = record;
      next = next + 1 === capacity ? 0 : next + 1;
    },
    complete(id, status) {
      if (!STATUSES.includes(status)) {
        throw new TypeError(
          `recordToolResult: status must be 'ok', 'empty' or 'error'; got ${JSON.stringify(status)}`,
        );
      }
      let found: TelemetryRecord | undefined;
      // Newest first: the slot before `next`, backwards around the ring.
      for (let step = 1; step <= ring.length; step += 1) {
        const slot = (next - step + ring.length) % ring.length;
        if (ring[slot]?.call_id !== id) continue;
        found ??= ring[slot];
        ring[slot] = undefined;
      }
      return found === undefined ? undefined : { ...found, tool_result_status: status };
    },
  };
}
