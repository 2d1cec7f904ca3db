import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { referenceLoop } from '../../src/validate/reference-loops.js';
import { hermes } from '../policy/fixtures.js';

describe('reference loops', () => {
  it('should find a $ref to itself and a loop through definitions, naming its steps', () => {
    expect(referenceLoop({ $ref: '#' })).toEqual(['#', '#']);
    expect(
      referenceLoop({
        $ref: '#/$defs/a',
        $defs: {
          a: { $ref: '#/$defs/b' },
          b: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/a' }] },
        },
      }),
    ).toEqual(['#/$defs/a', '#/$defs/b', '#/$defs/b/anyOf/1', '#/$defs/a']);
    expect(
      referenceLoop({ $defs: { n: { $anchor: 'n', not: { $ref: '#n' } } }, $ref: '#n' }),
    ).toEqual(['#/$defs/n', '#/$defs/n/not', '#/$defs/n']);
  });

  it('should accept recursion that goes through a field or an item, and loops nothing reaches', () => {
    expect(
      referenceLoop({
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#' } }, next: { $ref: '#' } },
      }),
    ).toBeUndefined();
    expect(referenceLoop({ type: 'object', $defs: { a: { $ref: '#/$defs/a' } } })).toBeUndefined();
  });

  it('should make createParser throw a TypeError naming the tool, and parse never throw', () => {
    // `{ $ref: '#' }` compiled, and then every parse threw a RangeError; the loop through
    // definitions threw "Maximum call stack size exceeded" and nothing else.
    for (const parameters of [
      { $ref: '#' },
      { $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } },
    ]) {
      expect(() => createParser({ tools: [{ name: 'loop', parameters }] })).toThrow(
        /tool "loop".*\$refs form a loop with no object or array in between/,
      );
    }
  });

  it('should keep a tree whose children refer to their node working, closed on a write tool', () => {
    const parser = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'save_tree',
          parameters: {
            type: 'object',
            properties: { root: { $ref: '#/$defs/node' } },
            $defs: {
              node: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  children: { type: 'array', items: { $ref: '#/$defs/node' } },
                },
              },
            },
          },
        },
      ],
    });
    const tree = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
    expect(parser.parse(hermes('save_tree', { root: tree })).calls).toHaveLength(1);
    const sneaky = { name: 'a', children: [{ name: 'b', extra: 1 }] };
    expect(parser.parse(hermes('save_tree', { root: sneaky })).rejected[0]?.envelope.field).toBe(
      '/root/children/0/extra',
    );
  });
});
