import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

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
