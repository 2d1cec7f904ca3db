import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { findIntent, INTENT_MARKERS, markerCounts } from '../../src/policy/intent.js';

describe('findIntent with the first < given', () => {
  // Phase 1 hands over the first `<` it looked up; the answer must be the one a fresh search gives.
  it('should give what findIntent without the hint gives, for any text', () => {
    const piece = fc.constantFrom(...INTENT_MARKERS, '_', '<', '<|', '<|python_', 'need_tool', ' ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(findIntent(text, text.indexOf('<'))).toBe(findIntent(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('should find a <|python_tag|> that follows other tags', () => {
    const text = 'see <b>this</b> then <|python_tag|>{"name": "f"}';
    expect(findIntent(text, text.indexOf('<'))).toBe(text.indexOf('{'));
  });

  it('should find no <|...|> marker when the text has no <', () => {
    expect(findIntent('TOOL_CALL: yes', -1)).toBe('TOOL_CALL'.length);
    expect(findIntent('plain words only', -1)).toBe(-1);
  });
});

describe('intent markers inside identifiers', () => {
  it('should not count a marker made of word characters that is part of a longer identifier', () => {
    for (const text of [
      'Raise MAX_TOOL_CALLS first.',
      'The ALLOW_TOOL_CALLS flag.',
      'set DISABLE_CALL_TOOL',
      'XTOOL_CALL',
      'need_tool: yesterday',
      'éTOOL_CALL',
      'TOOL_CALL2',
    ]) {
      expect(findIntent(text)).toBe(-1);
    }
  });

  it('should count a marker set off by punctuation, spaces or the ends of the output', () => {
    expect(findIntent('TOOL_CALL')).toBe(9);
    expect(findIntent('`TOOL_CALL`: [f()]')).toBe(10);
    expect(findIntent('MAX_TOOL_CALLS, then TOOL_CALL\n[f()]')).toBe(30);
    expect(findIntent('need_tool: yes.')).toBe(14);
    // Punctuation-delimited markers keep matching anywhere.
    expect(findIntent('abc<|python_tag|>def')).toBe(17);
  });

  it('should apply the rule at each end only where the marker has a word unit', () => {
    expect(markerCounts('TOOL_CALL', 0x5f, 0x20)).toBe(false);
    expect(markerCounts('TOOL_CALL', 0x20, 0x53)).toBe(false);
    expect(markerCounts('TOOL_CALL', Number.NaN, Number.NaN)).toBe(true);
    expect(markerCounts('<|python_start|>', 0x61, 0x61)).toBe(true);
  });

  const tools = [
    {
      name: 'delete_files',
      effect: 'destructive' as const,
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    },
  ];
  const auto = createParser({ tools });

  it.each([
    'Raise `MAX_TOOL_CALLS` in settings.py. A list such as `[delete_files(path="/tmp/cache")]` is then run in one step.',
    'The ALLOW_TOOL_CALLS flag enables this.\nAction: delete_files\nAction Input: {"path": "/"}',
    'Raise MAX_TOOL_CALLS. e.g. {"name": "delete_files", "arguments": {"path": "/"}} is a sample.',
  ])('should not run a bare call in auto mode after an identifier holding a marker: %s', (text) => {
    expect(auto.parse(text).calls).toEqual([]);
  });

  it('should still run a bare call after a marker that stands alone', () => {
    const result = auto.parse('TOOL_CALL\n[delete_files(path="/tmp/cache")]');
    expect(result.calls.map((call) => call.name)).toEqual(['delete_files']);
  });
});
