/**
 * Tool results reported after execution (`recordToolResult`), which complete a call's telemetry
 * record. Records are kept for the most recent accepted calls only, so a caller that never
 * reports results does not make the parser grow without bound.
 */
import type { TelemetryRecord, ToolCall } from '../types.js';

/** Status of an executed tool, reported by the caller. */
export type ToolResultStatus = 'ok' | 'empty' | 'error';

const STATUSES: readonly ToolResultStatus[] = ['ok', 'empty', 'error'];

/** Remembers recent records by call. */
export interface ResultLedger {
  /** Remembers the record of an accepted call, with the call it was made for. */
  remember(record: TelemetryRecord, call: ToolCall): void;
  /**
   * Completes a record: the record of `call` itself when given a call the parser returned, else
   * the most recent record of that call's id (or of `call`, given an id).
   *
   * @returns The completed copy, or `undefined` for an unknown, completed or forgotten call.
   * @throws TypeError for a status or call of the wrong kind (a caller mistake).
   */
  complete(call: string | ToolCall, status: ToolResultStatus): TelemetryRecord | undefined;
}

/**
 * Creates a ledger holding the records of the last `capacity` accepted calls. Completing by id
 * reads the most recent record of the id and forgets every record of it, so a result is counted
 * once; completing by call reads and forgets that call's record only, so a model that writes the
 * same id in every turn (Kimi's `functions.NAME:0`) has each call's result counted on its own call.
 *
 * Remembering is two array writes into a ring, because it runs on every accepted call of every
 * parse, where a Map insert and eviction were about a tenth of a small parse. Completing scans the
 * ring (at most `capacity` comparisons), which runs once per executed tool.
 *
 * @param capacity - How many accepted calls' records to keep (oldest forgotten first). Default 1024.
 * @returns The ledger.
 * @example
 * ```ts
 * const ledger = createResultLedger();
 * ledger.remember(record, call);
 * ledger.complete(call, 'ok')?.tool_result_status; // 'ok'
 * ```
 */
export function createResultLedger(capacity = 1024): ResultLedger {
  const records: (TelemetryRecord | undefined)[] = [];
  // The call of each record, slot for slot.
  const calls: (ToolCall | undefined)[] = [];
  // Where the next record goes; the ring fills up to `capacity`, then overwrites the oldest.
  let next = 0;
  // Calls whose result was counted: reported again, a copy would be matched by its content.
  const completed = new WeakSet<ToolCall>();

  /** The ring's slots from the newest back to the oldest. */
  function* newestFirst(): Generator<number> {
    for (let step = 1; step <= records.length; step += 1)
      yield (next - step + records.length) % records.length;
  }

  function forget(slot: number): TelemetryRecord | undefined {
    const record = records[slot];
    records[slot] = undefined;
    calls[slot] = undefined;
    return record;
  }

  function byId(id: string): TelemetryRecord | undefined {
    let found: TelemetryRecord | undefined;
    for (const slot of newestFirst()) {
      if (records[slot]?.call_id !== id) continue;
      found ??= records[slot];
      forget(slot);
    }
    return found;
  }

  function byCall(call: ToolCall): TelemetryRecord | undefined {
    if (completed.has(call)) return undefined;
    completed.add(call);
    for (const slot of newestFirst()) if (calls[slot] === call) return forget(slot);
    // A copy (sent over the wire and back): the newest record of a call with its id, name and
    // arguments.
    const content = JSON.stringify(call.arguments);
    for (const slot of newestFirst()) {
      const candidate = calls[slot];
      if (
        candidate !== undefined &&
        candidate.id === call.id &&
        candidate.name === call.name &&
        JSON.stringify(candidate.arguments) === content
      ) {
        return forget(slot);
      }
    }
    return undefined;
  }

  return {
    remember(record, call) {
      records[next] = record;
      calls[next] = call;
      next = next + 1 === capacity ? 0 : next + 1;
    },
    complete(call, status) {
      if (!STATUSES.includes(status)) {
        throw new TypeError(
          `recordToolResult: status must be 'ok', 'empty' or 'error'; got ${JSON.stringify(status)}`,
        );
      }
      let found: TelemetryRecord | undefined;
      if (typeof call === 'string') found = byId(call);
      else if (isCall(call)) found = byCall(call);
      else {
        throw new TypeError(
          'recordToolResult: pass the executed call (from result.calls or a tool-call-end event) or its id',
        );
      }
      return found === undefined ? undefined : { ...found, tool_result_status: status };
    },
  };
}

function isCall(value: unknown): value is ToolCall {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}
