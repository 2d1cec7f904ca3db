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
  return {
    remember(record) {
      records.delete(record.call_id);
      records.set(record.call_id, record);
      if (records.size > capacity) records.delete(records.keys().next().value as string);
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
