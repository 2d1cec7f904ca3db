import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['deepseek_v4_dsml'], ids: 'sequential' });

const OPEN = '<｜DSML｜tool_calls>';
const CLOSE = '</｜DSML｜tool_calls>';

describe('deepseek_v4_dsml', () => {
  it('should read one invoke with typed and text parameters', () => {
    const result = parser.parse(
      `${OPEN}\n<｜DSML｜invoke name="resize">\n<｜DSML｜parameter name="file" string="true">cat.png</｜DSML｜parameter>\n<｜DSML｜parameter name="width" string="false">640</｜DSML｜parameter>\n<｜DSML｜parameter name="keep_ratio" string="false">true</｜DSML｜parameter>\n</｜DSML｜invoke>\n${CLOSE}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'resize',
        arguments: { file: 'cat.png', width: 640, keep_ratio: true },
        format: 'deepseek_v4_dsml',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
  });

  it('should read several invokes and keep the prose before them as content', () => {
    const result = parser.parse(
      `Two lookups.\n\n${OPEN}\n<｜DSML｜invoke name="define">\n<｜DSML｜parameter name="word" string="true">ebb</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="define">\n<｜DSML｜parameter name="word" string="true">flow</｜DSML｜parameter>\n</｜DSML｜invoke>\n${CLOSE}`,
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ word: 'ebb' }, { word: 'flow' }]);
    expect(result.content).toBe('Two lookups.\n\n');
  });

  it('should read a nested JSON object from a string="false" value', () => {
    const result = parser.parse(
      `${OPEN}<｜DSML｜invoke name="configure"><｜DSML｜parameter name="options" string="false">{"retries": 3, "tags": ["a"]}</｜DSML｜parameter></｜DSML｜invoke>${CLOSE}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ options: { retries: 3, tags: ['a'] } });
  });

  it('should accept a complete invoke whose block close tag never came, recording the repair', () => {
    const result = parser.parse(`${OPEN}<｜DSML｜invoke name="now"></｜DSML｜invoke>`);
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse an invoke cut off before its close tag', () => {
    const result = parser.parse(
      `${OPEN}<｜DSML｜invoke name="now"><｜DSML｜parameter name="zone" string="true">UTC</｜DSML｜parameter>`,
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'now', reason: 'incomplete' }),
    ]);
  });

  it('should report an invoke open tag cut off at the end as an incomplete call', () => {
    const result = parser.parse(`${OPEN}<｜DSML｜invoke na`);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['incomplete-tool-call']);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should report an invoke with an empty name as malformed', () => {
    const result = parser.parse(`${OPEN}<｜DSML｜invoke name=""></｜DSML｜invoke>${CLOSE}`);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should not read the deepseek_v32_dsml block name', () => {
    const result = parser.parse(
      '<｜DSML｜function_calls><｜DSML｜invoke name="f"></｜DSML｜invoke></｜DSML｜function_calls>',
    );
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should be found in auto mode', () => {
    const result = createParser({ ids: 'sequential' }).parse(
      `${OPEN}<｜DSML｜invoke name="ping"></｜DSML｜invoke>${CLOSE}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({ name: 'ping', arguments: {}, format: 'deepseek_v4_dsml' }),
    ]);
  });
});
