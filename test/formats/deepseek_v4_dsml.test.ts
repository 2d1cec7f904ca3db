import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

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

  it('should read the deepseek_v32_dsml block name, recording the repair', () => {
    const text =
      '<｜DSML｜function_calls><｜DSML｜invoke name="f"></｜DSML｜invoke></｜DSML｜function_calls>';
    const result = parser.parse(text);
    expect(result.calls.map((call) => [call.name, call.repairs])).toEqual([
      [
        'f',
        [
          {
            kind: 'other',
            offset: 0,
            detail: 'the block written <｜DSML｜function_calls> read as <｜DSML｜tool_calls>',
          },
        ],
      ],
    ]);
    expect(result.content).toBe('');
    // In auto mode the block is deepseek_v32_dsml's own.
    expect(
      createParser({})
        .parse(text)
        .calls.map((call) => call.format),
    ).toEqual(['deepseek_v32_dsml']);
  });

  describe('the tags as models also write them', () => {
    const tools = [
      {
        name: 'read_file',
        parameters: {
          type: 'object',
          properties: { path: { type: 'string' }, limit: { type: 'integer' } },
        },
      },
    ];
    // No reasoning open at the start: the stream announces calls from their heads.
    const options = {
      formats: ['deepseek_v4_dsml' as const],
      tools,
      reasoning: { startsInside: false },
    };
    const invoke = (bars: string) =>
      `<${bars}invoke name="read_file">\n<${bars}parameter name="path" string="true">a.txt</${bars}parameter>\n` +
      `<${bars}parameter name="limit" string="false">15</${bars}parameter>\n</${bars}invoke>`;
    const cases = [
      // ASCII bars throughout (the older spelling).
      [`<|DSML|tool_calls>\n${invoke('|DSML|')}\n</|DSML|tool_calls>`, ['ascii']],
      // The open tag without its ">" before the first invoke.
      [`<｜DSML｜tool_calls\n${invoke('｜DSML｜')}\n${CLOSE}`, ['no >']],
      // ASCII bars, a "|" after the block's name and no ">"; fullwidth invoke tags inside.
      [
        `<|DSML|tool_calls| \n ${invoke('｜DSML｜')} \n </|DSML|tool_calls>`,
        ['ascii', 'pipe', 'no >'],
      ],
      // An invoke with no block around it, prose on both sides.
      [`Reading it.\n${invoke('｜DSML｜')}\nDone.`, ['direct']],
    ] as const;
    const details: Record<string, string> = {
      ascii: 'DSML tags written with ASCII "|" read as "｜"',
      pipe: 'the "|" after the block\'s tag name dropped',
      'no >': 'the ">" missing from the block\'s open tag',
    };

    it.each(cases)('should read %j, recording the repairs, in parse and stream', (text, kinds) => {
      const result = createParser(options).parse(text);
      expect(result.calls.map((call) => [call.name, call.arguments, call.validated])).toEqual([
        ['read_file', { path: 'a.txt', limit: 15 }, true],
      ]);
      expect(result.calls[0]?.repairs).toEqual(
        kinds.map((kind) =>
          kind === 'direct'
            ? { kind: 'missing-start-marker', offset: text.indexOf('<') }
            : { kind: 'other', offset: 0, detail: details[kind] },
        ),
      );
      expectEveryChunking(options, text);
    });

    it('should read a value written as one CDATA section as what it holds, in parse and stream', () => {
      // Read as written, the command run was `<![CDATA[find "/home" -type d]]>`.
      const text =
        `${OPEN}\n<｜DSML｜invoke name="read_file">\n` +
        '<｜DSML｜parameter name="path" string="true"><![CDATA[<dir> & "x".txt]]></｜DSML｜parameter>\n' +
        '<｜DSML｜parameter name="limit" string="false"><![CDATA[15]]></｜DSML｜parameter>\n' +
        `</｜DSML｜invoke>\n${CLOSE}`;
      const result = createParser(options).parse(text);
      expect(result.calls.map((call) => call.arguments)).toEqual([
        { path: '<dir> & "x".txt', limit: 15 },
      ]);
      // Text around the section, or two sections, is not one CDATA section: kept as written.
      const mixed = text.replace('<![CDATA[<dir> & "x".txt]]>', 'a <![CDATA[b]]>');
      expect(createParser(options).parse(mixed).calls[0]?.arguments).toEqual({
        path: 'a <![CDATA[b]]>',
        limit: 15,
      });
      for (const written of [text, mixed]) {
        expectEveryChunking(options, written);
      }
    });

    it('should leave an invoke with no block around it as text until its close tag', () => {
      const text = `${invoke('｜DSML｜').slice(0, -'</｜DSML｜invoke>'.length)}`;
      const result = createParser(options).parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected).toEqual([]);
      expect(result.content).toBe(text);
    });
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
