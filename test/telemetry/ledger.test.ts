import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createResultLedger, type ToolResultStatus } from '../../src/telemetry/results.js';
import type { TelemetryRecord } from '../../src/types.js';

/**
 * The ledger's contract written plainly: every remembered record in order, of which only the last
 * `capacity` count; completing an id reads its newest counted record and forgets all of that id.
 */
function referenceLedger(capacity: number) {
  const remembered: (TelemetryRecord | undefined)[] = [];
  return {
    remember(record: TelemetryRecord) {
      remembered.push(record);
    },
    complete(id: string, status: ToolResultStatus) {
      const counted = remembered.slice(-capacity);
      const record = counted.findLast((entry) => entry?.call_id === id);
      if (record === undefined) return undefined;
      remembered.forEach((entry, index) => {
        if (entry?.call_id === id) remembered[index] = undefined;
      });
      return { ...record, tool_result_status: status };
    },
  };
}

const record = (id: string, serial: number) =>
  ({ call_id: id, tool: `t${serial}` }) as unknown as TelemetryRecord;

describe('the result ledger', () => {
  it('should keep the last capacity records and complete each id once, newest first', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('remember' as const), id: fc.integer({ min: 0, max: 7 }) }),
      fc.record({ kind: fc.constant('complete' as const), id: fc.integer({ min: 0, max: 7 }) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(operation, { maxLength: 300 }),
        (capacity, operations) => {
          const ledger = createResultLedger(capacity);
          const reference = referenceLedger(capacity);
          operations.forEach((step, serial) => {
            const id = `call_${step.id}`;
            if (step.kind === 'remember') {
              const remembered = record(id, serial);
              ledger.remember(remembered);
              reference.remember(remembered);
            } else {
              expect(ledger.complete(id, 'ok')).toEqual(reference.complete(id, 'ok'));
            }
          });
          for (let id = 0; id <= 7; id += 1) {
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
      ledger.remember(record(`call_${serial}`, serial));
    }
    expect(ledger.complete('call_3975', 'ok')).toBeUndefined();
    expect(ledger.complete('call_3976', 'ok')?.tool_result_status).toBe('ok');
    expect(ledger.complete('call_4999', 'error')?.tool_result_status).toBe('error');
  });
});
