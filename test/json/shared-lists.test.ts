import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/generated/json.js';
import type { JsonDocument, JsonNode } from '../../src/json/ast.js';
import { lowerDocument, parseJson } from '../../src/json/index.js';

// The JSON grammar hands out one shared empty list for every "no repairs" (gaps, closers,
// plain values) and joins lists without copying an empty side. That is only sound while no one
// appends to a list a rule returned; these tests would catch a change that does.

function parseDocument(text: string): JsonDocument {
  return parse(text, { startRule: 'Document', strict: false, maxDepth: 256 });
}

/** The shared empty list: what a document without any repair carries. */
function sharedEmpty(): unknown[] {
  return parseDocument('[1]').repairs;
}

function* nodesOf(node: JsonNode): Generator<JsonNode> {
  yield node;
  if (node.type === 'array') for (const item of node.items) yield* nodesOf(item);
  if (node.type === 'object') {
    for (const member of node.members) {
      yield member.key;
      yield* nodesOf(member.value);
    }
  }
  if (node.type === 'wrapped') yield* nodesOf(node.value);
}

describe('shared empty list of repairs', () => {
  it('should be the one list every unrepaired node and document carries', () => {
    const none = sharedEmpty();
    const document = parseDocument('{"a": [1, true, "b"]}');
    expect(document.repairs).toBe(none);
    for (const node of nodesOf(document.value)) expect(node.repairs).toBe(none);
  });

  it('should stay empty after repaired documents are parsed and lowered', () => {
    const none = sharedEmpty();
    const texts = [
      '{a: 1, \'b\': [True, None,], /* c */ "d": `e´}',
      '```json\n{"a": 1}\n```',
      '[1 2, ...]',
      '{"a": "x" + "y", "b": }',
      '{"a": [1, {"b": "cut',
      '\u00a0{"a": 1}\ufeff,',
    ];
    for (const text of texts) {
      lowerDocument(parseDocument(text), 3);
      expect(parseJson(text).ok).toBe(true);
    }
    expect(none).toEqual([]);
  });

  it('should stay empty whatever punctuation is parsed', () => {
    const none = sharedEmpty();
    const text = fc.stringMatching(/^[\s{}[\]",:'a-z0-9/*\\.+\-`]{0,30}$/);
    fc.assert(
      fc.property(text, (input) => {
        parseJson(input);
        return none.length === 0;
      }),
      { numRuns: 300 },
    );
  });

  it('should never be the list a lowered document or parseJson returns', () => {
    const none = sharedEmpty();
    const lowered = lowerDocument(parseDocument('[1]'));
    expect(lowered.repairs).toEqual([]);
    expect(lowered.repairs).not.toBe(none);
    const first = parseJson('{a: 1}');
    const second = parseJson('{a: 1}');
    if (!first.ok || !second.ok) throw new Error('expected both to parse');
    expect(first.repairs).not.toBe(second.repairs);
    first.repairs.push({ kind: 'other', offset: 0 });
    expect(parseJson('{a: 1}')).toMatchObject({ repairs: [{ kind: 'unquoted-key', offset: 1 }] });
    expect(none).toEqual([]);
  });

  it('should keep the repairs of both sides when two gaps are joined', () => {
    // A comment before and after a comma: the two gaps' lists are joined into a new one.
    const outcome = parseJson('[1 /* a */, /* b */ 2]');
    expect(outcome).toMatchObject({
      ok: true,
      repairs: [
        { kind: 'comment', offset: 3 },
        { kind: 'comment', offset: 12 },
      ],
    });
  });
});

describe('lists of elements and members', () => {
  it('should put each separator repair before the repairs of the item after it', () => {
    expect(parseJson("[1 'a', ... ]")).toMatchObject({
      ok: true,
      value: [1, 'a'],
      repairs: [
        { kind: 'missing-comma', offset: 2 },
        { kind: 'single-quoted-string', offset: 3 },
        { kind: 'elided', offset: 8, detail: 'ellipsis dropped' },
      ],
    });
    expect(parseJson('{"a": 1 b: 2, ..., "c" 3}')).toMatchObject({
      ok: true,
      value: { a: 1, b: 2, c: 3 },
      repairs: [
        { kind: 'missing-comma', offset: 7 },
        { kind: 'unquoted-key', offset: 8 },
        { kind: 'elided', offset: 14, detail: 'ellipsis dropped' },
        { kind: 'other', offset: 23, detail: 'missing colon supplied' },
      ],
    });
  });

  it('should gather a long list of repaired items in one pass', () => {
    const count = 20_000;
    const outcome = parseJson(`[${Array.from({ length: count }, (_, index) => index).join(' ')}]`);
    if (!outcome.ok) throw new Error('expected the list to parse');
    expect(outcome.value).toHaveLength(count);
    expect(outcome.repairs).toHaveLength(count - 1);
    expect(outcome.repairs.every((item) => item.kind === 'missing-comma')).toBe(true);
  });
});
