import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { deepseek_v31 } from '../../src/formats/deepseek_v31/index.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { everyTwoWaySplit, unitByUnit } from '../helpers/chunkers.js';
import { expectEquivalent } from '../stream/equivalence.js';

const parser = createParser({ formats: ['deepseek_v31'], ids: 'sequential' });

const OPEN = '<｜tool▁calls▁begin｜>';
const CLOSE = '<｜tool▁calls▁end｜>';

function call(name: string, args: string): string {
  return `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`;
}

describe('deepseek_v31', () => {
  it('should read one call with its name and JSON arguments', () => {
    const result = parser.parse(
      `${OPEN}${call('create_issue', '{"title": "Crash on start", "labels": ["bug"]}')}${CLOSE}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'create_issue',
        arguments: { title: 'Crash on start', labels: ['bug'] },
        format: 'deepseek_v31',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
  });

  it('should read several calls in one section, in order', () => {
    const text = `${OPEN}${call('geocode', '{"q": "Ghent"}')}${call('geocode', '{"q": "Bruges"}')}${CLOSE}`;
    expect(parser.parse(text).calls.map((each) => each.arguments)).toEqual([
      { q: 'Ghent' },
      { q: 'Bruges' },
    ]);
  });

  it('should keep the text before the section as content and drop text after its end token', () => {
    const result = parser.parse(
      `Let me file it.${OPEN}${call('create_issue', '{"title": "x"}')}${CLOSE} (sent)`,
    );
    expect(result.calls.map((each) => each.name)).toEqual(['create_issue']);
    expect(result.content).toBe('Let me file it.');
  });

  it('should read a later section after the dropped tail', () => {
    const result = parser.parse(
      `${OPEN}${call('a', '{}')}${CLOSE} then ${OPEN}${call('b', '{"n": 1}')}${CLOSE}`,
    );
    expect(result.calls.map((each) => each.name)).toEqual(['a', 'b']);
  });

  it('should never turn a call written inside <think> into a call', () => {
    const result = parser.parse(
      `<think>Maybe ${OPEN}${call('get_time', '{}')}${CLOSE}</think>${OPEN}${call('get_time', '{"tz": "UTC"}')}${CLOSE}`,
    );
    expect(result.reasoning).toContain('Maybe');
    expect(result.calls.map((each) => each.arguments)).toEqual([{ tz: 'UTC' }]);
    expect(result.content).toBe('');
  });

  it('should accept a complete call whose end tokens never came, recording the repair', () => {
    const result = parser.parse(`${OPEN}<｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"tz": "UTC"}`);
    expect(result.calls).toEqual([
      expect.objectContaining({ name: 'get_time', arguments: { tz: 'UTC' } }),
    ]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside its arguments', () => {
    const result = parser.parse(`${OPEN}<｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"tz": "U`);
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should report bad arguments, a missing separator and an empty name', () => {
    const result = parser.parse(
      `${OPEN}${call('a', 'tz=UTC')}<｜tool▁call▁begin｜>b<｜tool▁call▁end｜>${call(' ', '{}')}${CLOSE}`,
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'malformed-tool-call',
      'malformed-tool-call',
      'malformed-tool-call',
    ]);
  });

  it('should be found in auto mode, after deepseek_v3 declined the section', () => {
    const auto = createParser({ formats: 'auto' });
    const result = auto.parse(`${OPEN}${call('get_time', '{}')}${CLOSE}`);
    expect(result.calls.map((each) => [each.name, each.format])).toEqual([
      ['get_time', 'deepseek_v31'],
    ]);
  });
});

describe('deepseek_v31 section never closed', () => {
  const PROSE = 'Let me check. ';
  const cases: [string, string][] = [
    ['prose after the opening token', `${PROSE}${OPEN}I changed my mind: the answer is 42.`],
    ['the opening token at the end', `${PROSE}${OPEN}`],
    ['prose after a complete call', `${PROSE}${OPEN}${call('f', '{"a": 1}')} and some words`],
    ['a complete call and nothing after', `${PROSE}${OPEN}${call('f', '{"a": 1}')}`],
    ['two unclosed sections', `${OPEN}first thoughts ${OPEN}${call('f', '{}')} more`],
  ];

  it('should keep prose after the opening token as content, with a malformed-tool-call issue', () => {
    const result = parser.parse(cases[0]![1]);
    expect(result.content).toBe(`${PROSE}I changed my mind: the answer is 42.`);
    expect(result.calls).toEqual([]);
    expect(result.issues).toEqual([
      {
        code: 'malformed-tool-call',
        message: '<｜tool▁calls▁begin｜> is not followed by a call',
        offset: PROSE.length,
      },
    ]);
    // The model announced a call and wrote none: it is told to write it again.
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['malformed']);
  });

  it('should report an opening token the output ended on as incomplete', () => {
    const result = parser.parse(cases[1]![1]);
    expect(result.content).toBe(PROSE);
    expect(result.issues.map((issue) => issue.code)).toEqual(['incomplete-tool-call']);
    expect(result.rejected).toEqual([]);
  });

  it('should read the call and keep the prose after it as content', () => {
    const result = parser.parse(cases[2]![1]);
    expect(result.calls.map((call) => call.arguments)).toEqual([{ a: 1 }]);
    expect(result.content).toBe(`${PROSE} and some words`);
    expect(result.issues).toEqual([]);
  });

  it('should still read a closed call at the end of the output as before', () => {
    const result = parser.parse(cases[3]![1]);
    expect(result.calls.map((call) => call.name)).toEqual(['f']);
    expect(result.content).toBe(PROSE);
  });

  it('should end an unclosed section at the next opening token, keeping the abandoned text', () => {
    const result = parser.parse(cases[4]![1]);
    expect(result.calls.map((call) => call.name)).toEqual(['f']);
    expect(result.content).toBe('first thoughts  more');
    expect(result.issues).toEqual([
      {
        code: 'malformed-tool-call',
        message: '<｜tool▁calls▁begin｜> is not followed by a call',
        offset: 0,
      },
    ]);
  });

  it('should read a run of opening tokens one token at a time (linear, not one scan each)', () => {
    const run = OPEN.repeat(50);
    // Each section stops at the next opening token instead of scanning to the end.
    const first = deepseek_v31.parseAt({ text: run, tools: undefined, limits: DEFAULT_LIMITS }, 0);
    expect(first?.end).toBe(OPEN.length);
    const result = parser.parse(run);
    expect(result.calls).toEqual([]);
    expect(result.issues).toHaveLength(50);
    expect(new Set(result.issues.map((issue) => issue.code))).toEqual(
      new Set(['malformed-tool-call', 'incomplete-tool-call']),
    );
  });

  it('should give a second section after prose its own reading', () => {
    const text = `${OPEN}oops${CLOSE} then ${OPEN} no call either`;
    const result = parser.parse(text);
    // The closed one drops its tail up to the next section; the unclosed one keeps its text.
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'malformed-tool-call',
      'malformed-tool-call',
    ]);
    expect(result.content).toBe(' no call either');
    expect(result.rejected).toHaveLength(2);
  });

  it('should report a closed section that holds no call', () => {
    const result = parser.parse(`${OPEN} not a call ${CLOSE}`);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  cases.push([
    'a closed empty section, then an abandoned one',
    `${OPEN}oops${CLOSE} then ${OPEN} no call`,
  ]);
  for (const chunker of [unitByUnit, everyTwoWaySplit()]) {
    it.each(cases)(`should stream %s as parse reads it (${chunker.name})`, (_name, text) => {
      for (const deltas of chunker.chunkings(text)) {
        expectEquivalent({ formats: ['deepseek_v31'] }, deltas);
        expectEquivalent({ formats: 'auto' }, deltas);
      }
    });
  }
});
