import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/generated/json.js';
import { parseJson } from '../../src/json/index.js';

// parseJson runs the grammar in peggy's library mode, first without recording expectations
// (`peg$silentFails`), and reads a failure's offset from the run instead of from peggy's error.
// These tests pin that this gives what the plain call gives: the same document when it
// succeeds, and the offset of the error it throws when it fails.

/** The offset peggy's own error gives, or undefined when the plain parse succeeds. */
function thrownOffset(text: string, strict: boolean, maxDepth = 256): number | undefined {
  try {
    parse(text, { startRule: 'Document', strict, maxDepth });
    return undefined;
  } catch (error) {
    return (error as { location: { start: { offset: number } } }).location.start.offset;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const failing = [
  '',
  '   ',
  '{"a": 1} and then prose',
  '{"a": ]',
  '{}{}',
  '[1, 2] x',
  '"a" "b"',
  ':',
  '{"a": 1}}}} ;; x',
  '```json\n{"a": 1}\n``` trailing',
  '{"a": [1, {"b": }]] zz',
  '/* open comment',
  '\u0000',
];

describe('grammar runs', () => {
  it('should report a failure at the offset of the error the plain parse throws', () => {
    for (const strict of [false, true]) {
      for (const text of failing) {
        const expected = thrownOffset(text, strict);
        if (expected === undefined) continue;
        const outcome = parseJson(text, { strict, offset: 5 });
        expect(outcome, JSON.stringify(text)).toMatchObject({
          ok: false,
          issue: { code: 'invalid-json', offset: 5 + expected },
        });
      }
    }
  });

  it('should agree with the plain parse on the failure offset of arbitrary punctuation', () => {
    const text = fc.stringMatching(/^[\s{}[\]",:'a-z0-9/*\\.+\-`]{0,30}$/);
    fc.assert(
      fc.property(text, fc.boolean(), (input, strict) => {
        const expected = thrownOffset(input, strict);
        const outcome = parseJson(input, { strict });
        // Valid JSON never reaches the grammar: JSON.parse answers first.
        if (outcome.ok) return expected === undefined || isJson(input);
        if (outcome.issue.code !== 'invalid-json') return true;
        return outcome.issue.offset === expected;
      }),
      { numRuns: 500 },
    );
  });

  it('should return the document of the plain parse from the silent library run', () => {
    const text = '{a: 1, "b": [True, None,], /* c */ "d": \'e\'}';
    const plain = parse(text, { startRule: 'Document', strict: false, maxDepth: 256 });
    const run = parse(text, {
      startRule: 'Document',
      strict: false,
      maxDepth: 256,
      peg$library: true,
      peg$silentFails: 1,
    }) as unknown as { peg$success: boolean; peg$result: unknown };
    expect(run.peg$success).toBe(true);
    expect(run.peg$result).toEqual(plain);
  });

  it('should still report too-deep from the grammar', () => {
    expect(parseJson('[[[[1 ]]]] x', { maxDepth: 2 })).toMatchObject({
      ok: false,
      issue: { code: 'too-deep' },
    });
  });
});
