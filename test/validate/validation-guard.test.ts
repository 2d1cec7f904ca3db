import { describe, expect, it, vi } from 'vitest';
import { createParser } from '../../src/index.js';
import { hermes } from '../policy/fixtures.js';

// Without the loop check, `{ $ref: '#' }` compiles and ajv runs out of stack on every check: the
// stand-in for a loop the check cannot see.
vi.mock('../../src/validate/reference-loops.js', () => ({ referenceLoop: () => undefined }));

describe('a check that runs out of stack', () => {
  it('should refuse the call rather than throw from parse', () => {
    const parser = createParser({
      formats: ['hermes'],
      tools: [{ name: 'loop', effect: 'read', parameters: { $ref: '#' } }],
    });
    const result = parser.parse(hermes('loop', { a: 1 }));
    expect(result.calls).toEqual([]);
    expect(result.rejected[0]).toMatchObject({
      reason: 'schema-violation',
      envelope: { field: '', received: 'arguments whose check ran out of stack' },
    });
  });
});
