import { describe, expect, it } from 'vitest';
import { parse } from '../../src/generated/json.js';
import type { JsonStringNode, JsonStringPart } from '../../src/json/ast.js';
import { lowerDocument, lowerString } from '../../src/json/index.js';

function stringOf(parts: JsonStringPart[], trimEnd = false): JsonStringNode {
  return { type: 'string', parts, trimEnd, offset: 0, repairs: [] };
}

describe('lowerString', () => {
  it('should read no parts as the empty string', () => {
    expect(lowerString(stringOf([]))).toBe('');
  });

  it('should give a lone text part as it is', () => {
    expect(lowerString(stringOf([{ type: 'text', text: 'a\\q ' }]))).toBe('a\\q ');
  });

  it('should decode a lone escape or unicode part', () => {
    expect(lowerString(stringOf([{ type: 'escape', char: 't' }]))).toBe('\t');
    expect(lowerString(stringOf([{ type: 'unicode', hex: '00e9' }]))).toBe('é');
  });

  it('should join text, escapes and unicode escapes in order', () => {
    const parts: JsonStringPart[] = [
      { type: 'text', text: 'a' },
      { type: 'escape', char: 'n' },
      { type: 'unicode', hex: 'D83D' },
      { type: 'unicode', hex: 'DE00' },
      { type: 'text', text: 'b' },
      { type: 'escape', char: '/' },
    ];
    expect(lowerString(stringOf(parts))).toBe('a\n😀b/');
  });

  it('should drop trailing whitespace only when the node says so', () => {
    expect(lowerString(stringOf([{ type: 'text', text: 'cut  ' }], true))).toBe('cut');
    const parts: JsonStringPart[] = [
      { type: 'text', text: 'x ' },
      { type: 'escape', char: 't' },
    ];
    expect(lowerString(stringOf(parts, true))).toBe('x');
    expect(lowerString(stringOf(parts))).toBe('x \t');
  });
});

describe('lowerDocument', () => {
  it('should shift copies of the repairs and leave the parsed records as they were', () => {
    const document = parse("{a: 'b',}", { startRule: 'Document', strict: false, maxDepth: 256 });
    const first = lowerDocument(document, 100);
    expect(first.repairs).toEqual([
      { kind: 'unquoted-key', offset: 101 },
      { kind: 'single-quoted-string', offset: 104 },
      { kind: 'trailing-comma', offset: 107 },
    ]);
    // Lowering the same document again starts from the grammar's offsets, not shifted ones.
    expect(lowerDocument(document).repairs.map((item) => item.offset)).toEqual([1, 4, 7]);
  });

  it('should order repairs by offset, keeping the order of ties', () => {
    const document = parse('{"a": [1, {"b": "cut', {
      startRule: 'Document',
      strict: false,
      maxDepth: 256,
    });
    expect(lowerDocument(document).repairs).toEqual([
      { kind: 'missing-closing-quote', offset: 20 },
      { kind: 'missing-closing-brace', offset: 20 },
      { kind: 'missing-closing-bracket', offset: 20 },
      { kind: 'missing-closing-brace', offset: 20 },
    ]);
  });
});
