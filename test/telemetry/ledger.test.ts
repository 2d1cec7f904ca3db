import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createResultLedger, type ToolResultStatus } from '../../src/telemetry/results.js';
import type { TelemetryRecord, ToolCall } from '../../src/types.js';

/**
 * The ledger's contract written plainly: every remembered record in order, of which only the last
 * `capacity` count; completing an id reads its newest counted record and forgets all of that id;
 * completing a call reads and forgets the record of that very call, else of the newest call with
 * its id, name and arguments, and a call already reported reads nothing.
 */
function referenceLedger(capacity: number) {
  const remembered: ({ record: TelemetryRecord; call: ToolCall } | undefined)[] = [];
  const reported: ToolCall[] = [];
  const sameCall = (left: ToolCall, right: ToolCall) =>
    left.id === right.id &&
    left.name === right.name &&
    JSON.stringify(left.arguments) === JSON.stringify(right.arguments);
  const completed = (index: number, status: ToolResultStatus) => {
    const entry = remembered[index];
    remembered[index] = undefined;
    return entry === undefined ? undefined : { ...entry.record, tool_result_status: status };
  };
  return {
    remember(record: TelemetryRecord, call: ToolCall) {
      remembered.push({ record, call });
    },
    complete(target: string | ToolCall, status: ToolResultStatus) {
      const first = Math.max(0, remembered.length - capacity);
      const counted = (index: number) => index >= first;
      if (typeof target === 'string') {
        const index = remembered.findLastIndex(
          (entry, at) => counted(at) && entry?.record.call_id === target,
        );
        if (index === -1) return undefined;
        const result = completed(index, status);
        remembered.forEach((entry, at) => {
          if (entry?.record.call_id === target) remembered[at] = undefined;
        });
        return result;
      }
      if (reported.includes(target)) return undefined;
      reported.push(target);
      const itself = remembered.findLastIndex((entry, at) => counted(at) && entry?.call === target);
      if (itself !== -1) return completed(itself, status);
      const copy = remembered.findLastIndex(
        (entry, at) => counted(at) && entry !== undefined && sameCall(entry.call, target),
      );
      return copy === -1 ? undefined : completed(copy, status);
    },
  };
}

const record = (id: string, serial: number) =>
  ({ call_id: id, tool: `t${serial}` }) as unknown as TelemetryRecord;
const toolCall = (id: string, argument: number): ToolCall =>
  ({ id, name: 'f', arguments: { a: argument } }) as unknown as ToolCall;

describe('the result ledger', () => {
  it('should keep the last capacity records and complete each call once, by id or by call', () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('remember' as const),
        id: fc.integer({ min: 0, max: 5 }),
        argument: fc.integer({ min: 0, max: 1 }),
      }),
      fc.record({ kind: fc.constant('by-id' as const), id: fc.integer({ min: 0, max: 5 }) }),
      fc.record({
        kind: fc.constantFrom('by-call' as const, 'by-copy' as const),
        pick: fc.nat(),
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(operation, { maxLength: 300 }),
        (capacity, operations) => {
          const ledger = createResultLedger(capacity);
          const reference = referenceLedger(capacity);
          const calls: ToolCall[] = [];
          operations.forEach((step, serial) => {
            if (step.kind === 'remember') {
              const id = `call_${step.id}`;
              const remembered = record(id, serial);
              const call = toolCall(id, step.argument);
              calls.push(call);
              ledger.remember(remembered, call);
              reference.remember(remembered, call);
            } else if (step.kind === 'by-id') {
              const id = `call_${step.id}`;
              expect(ledger.complete(id, 'ok')).toEqual(reference.complete(id, 'ok'));
            } else if (calls.length > 0) {
              const call = calls[step.pick % calls.length] as ToolCall;
              const target = step.kind === 'by-call' ? call : structuredClone(call);
              expect(ledger.complete(target, 'ok')).toEqual(reference.complete(target, 'ok'));
            }
          });
          for (let id = 0; id <= 5; id += 1) {
            expect(ledger.complete(`call_${id}`, 'ok')).toEqual(
              reference.complete(`call_${id}`, 'ok'),
            );
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('should keep the most recent records of a long run, forgetting the oldest', () => {
    const ledger = createResultLedger(1024);
    for (let serial = 0; serial < 5000; serial += 1) {
      ledger.remember(record(`call_${serial}`, serial), toolCall(`call_${serial}`, 0));
    }
    expect(ledger.complete('call_3975', 'ok')).toBeUndefined();
    expect(ledger.complete('call_3976', 'ok')?.tool_result_status).toBe('ok');
    expect(ledger.complete('call_4999', 'error')?.tool_result_status).toBe('error');
  });
});
