import { describe, expect, it } from 'vitest';
import { bracketMayOpenList, fenceMayOpenList } from '../../src/formats/xlam/index.js';
import { parse } from '../../src/generated/xlam.js';
import { createParser } from '../../src/index.js';
import { expectLookSound } from '../helpers/quick-look.js';

const parser = createParser({ formats: ['xlam'], ids: 'sequential' });

describe('xlam', () => {
  it('should read a bare list of calls', () => {
    const result = parser.parse(
      '[{"name": "currency", "arguments": {"from": "JPY", "to": "EUR"}}, {"name": "fees", "arguments": {}}]',
    );
    expect(
      result.calls.map(({ name, arguments: args, format }) => ({ name, args, format })),
    ).toEqual([
      { name: 'currency', args: { from: 'JPY', to: 'EUR' }, format: 'xlam' },
      { name: 'fees', args: {}, format: 'xlam' },
    ]);
    expect(result.content).toBe('');
  });

  it('should read a list in a json fence, keeping the prose and recording the fence', () => {
    const result = parser.parse(
      'Converting.\n```json\n[{"name": "currency", "parameters": {"to": "USD"}}]\n```',
    );
    expect(result.calls[0]?.arguments).toEqual({ to: 'USD' });
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['markdown-fence']);
    expect(result.content).toBe('Converting.\n');
  });

  it('should read a list after [TOOL_CALLS] and inside <tool_call> tags', () => {
    const result = parser.parse(
      '[TOOL_CALLS][{"name": "a", "arguments": {}}] and <tool_call>[{"name": "b", "arguments": {}}]</tool_call>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['a', 'b']);
    expect(result.content).toBe(' and ');
  });

  it('should leave a JSON list without calls as content', () => {
    const text = 'Scores: [{"team": "red", "points": 3}] so far.';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(text);
  });

  it('should accept the complete calls of a list cut off by the end of the output', () => {
    const result = parser.parse('[{"name": "fees", "arguments": {"card": "visa"}}, {"name": "cur');
    expect(result.calls.map((call) => call.name)).toEqual(['fees']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
  });

  it('should refuse a call cut off by the end of the output', () => {
    const result = parser.parse('[{"name": "fees", "arguments": {"card": "vi');
    expect(result.calls).toEqual([]);
  });

  it('should report an item without a name while keeping the other calls', () => {
    const result = parser.parse('[{"name": "fees", "arguments": {}}, {"arguments": {"x": 1}}]');
    expect(result.calls.map((call) => call.name)).toEqual(['fees']);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should record a fence left open at the end of the output', () => {
    const result = parser.parse('```json\n[{"name": "fees", "arguments": {}}]\n');
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'markdown-fence',
      'missing-end-marker',
    ]);
  });

  it('should be found in auto mode when the list is the whole output', () => {
    const result = createParser().parse('[{"name": "fees", "arguments": {}}]');
    expect(result.calls.map((call) => call.format)).toEqual(['xlam']);
  });
});

describe('the quick look at a fence', () => {
  const pieces = ['`', '```', 'json', 'JSON', 'Js', 'python', ' ', '\n', '\t', '[', '{', 'x'];
  const list = '[{"name": "f", "arguments": {}}]';

  it('should turn a fence down only where the grammar cannot match', () => {
    // A list in the pieces keeps texts the grammar does match among them.
    expectLookSound({ look: fenceMayOpenList, parse, markers: ['```'], pieces: [...pieces, list] });
  });

  it('should turn a bracket down only where the grammar cannot match', () => {
    const brackets = ['[', ']', '[TOOL_CALLS]', '[TOOL_', '{', ' ', '\n', '\f', 'x', '"a"', list];
    expectLookSound({ look: bracketMayOpenList, parse, markers: ['['], pieces: brackets });
  });

  it('should still read lists after blanks and after [TOOL_CALLS]', () => {
    for (const text of [`[ \t\r\n${list.slice(1)}`, `[TOOL_CALLS] ${list}`]) {
      expect(parser.parse(text).calls.map((call) => call.name)).toEqual(['f']);
    }
  });

  it('should still read fenced lists written every way the grammar allows', () => {
    for (const fence of ['```json\n', '```JSON ', '```Json', '```\n', '``` \t\r\n', '```']) {
      // Read through the fence (a bare read of the list inside would record no fence repair).
      const calls = parser.parse(`${fence}${list}\n\`\`\``).calls;
      expect(calls.map((call) => [call.name, call.repairs.map((repair) => repair.kind)])).toEqual([
        ['f', ['markdown-fence']],
      ]);
    }
    // Another language's fence is not this syntax's: the list in it is read as a bare one.
    const python = parser.parse(`\`\`\`python\n${list}\n\`\`\``);
    expect(python.calls.map((call) => call.repairs.map((repair) => repair.kind))).toEqual([[]]);
  });
});
