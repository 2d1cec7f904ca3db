/**
 * Tool results reported after execution (`recordToolResult`), which complete a call's telemetry
 * record. Records are kept for the most recent calls only, so a caller that never reports
 * results does not make the parser grow without bound.
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
 * Creates a ledger.
 *
 * @param capacity - How many records to keep (oldest forgotten first). Default 1024.
 * @returns The ledger.
 * @example
 * ```ts
 * const ledger = createResultLedger();
 * ledger.remember(record);
 * ledger.complete(record.call_id, 'ok')?.tool_result_status; // 'ok'
 * ```
 */
export function createResultLedger(capacity = 1024): ResultLedger {
  const records = new Map<string, TelemetryRecord>();
  // Every remembered record with its id as it was then, oldest first, from `oldest` on. The oldest
  // live record is found here rather than with `records.keys().next()`, which walks past every
  // entry deleted since the Map last rehashed (hundreds, with a full ledger) on each call. An
  // entry is stale once its id was remembered again or completed: the Map no longer holds it.
  let ids: string[] = [];
  let remembered: TelemetryRecord[] = [];
  let oldest = 0;
  const live = (index: number): boolean => records.get(ids[index] as string) === remembered[index];
  return {
    remember(record) {
      const id = record.call_id;
      records.set(id, record);
      ids.push(id);
      remembered.push(record);
      // More than `capacity` live records means more than `capacity` live entries from `oldest` on.
      while (records.size > capacity) {
        if (live(oldest)) records.delete(ids[oldest] as string);
        oldest += 1;
      }
      // Stale entries are dropped once they outnumber the live ones, so the arrays stay bounded.
      if (ids.length - oldest > 2 * capacity + 64) {
        const keep: number[] = [];
        for (let index = oldest; index < ids.length; index += 1) if (live(index)) keep.push(index);
        ids = keep.map((index) => ids[index] as string);
        remembered = keep.map((index) => remembered[index] as TelemetryRecord);
        oldest = 0;
      } else if (oldest > capacity) {
        ids = ids.slice(oldest);
        remembered = remembered.slice(oldest);
        oldest = 0;
      }
    },
    complete(id, status) {
      if (!STATUSES.includes(status)) {
        throw new TypeError(
          `recordToolResult: status must be 'ok', 'empty' or 'error'; got ${JSON.stringify(status)}`,
        );
      }
      const record = records.get(id);
      if (record === undefined) return undefined;
      records.delete(id);
      return { ...record, tool_result_status: status };
    },
  };
}
