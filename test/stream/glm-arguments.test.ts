/**
 * glm45's call streams from its head (`<tool_call>NAME` and the first `<arg_key>`): values the
 * lowering keeps as text go out as they are written, trimmed; values it may decode or type wait
 * for their `</arg_value>`. What was sent must be what `parse` reads.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent, ToolDefinition } from '../../src/index.js';
import { isTrimmedUnit } from '../../src/stream/tag-text.js';
import { expectEveryChunking } from './equivalence.js';

const TOOLS: ToolDefinition[] = [
  {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer' },
        unit: { enum: ['celsius', 'fahrenheit'] },
        filters: { type: 'object' },
      },
    },
  },
];

const call = (pairs: string, end = '</tool_call>'): string =>
  `Let me check.\n<tool_call>get_weather\n${pairs}${end}`;
const pair = (key: string, value: string): string =>
  `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`;

/** Calls as GLM models write them, right and wrong. */
const CASES: { label: string; text: string }[] = [
  { label: 'a text value with blanks around it', text: call(pair('city', '  New York \n')) },
  {
    label: 'values that may be JSON',
    text: call(pair('days', '3') + pair('filters', '{"a": [1]}')),
  },
  {
    label: 'a word that starts like a literal',
    text: call(pair('city', 'nice') + pair('x', 'true')),
  },
  {
    label: 'literals with blanks after them, cut short, or followed by text',
    text: call(
      pair('a', ' null \n') +
        pair('b', 'fals') +
        pair('c', 'true story') +
        pair('d', 'true\u00a0x'),
    ),
  },
  { label: 'tags inside a value', text: call(pair('city', 'a <b> c </arg_v d')) },
  { label: 'an enum word, blanks around it', text: call(pair('unit', ' celsius ')) },
  {
    label: 'GLM-4.7, no separators',
    text: call('<arg_key>city</arg_key><arg_value>Oslo</arg_value>'),
  },
  {
    label: 'literal backslash-n separators',
    text: call('<arg_key>city</arg_key>\\n<arg_value>Oslo</arg_value>\\n'),
  },
  {
    label: 'a key written twice',
    text: call(pair('city', 'A') + pair('days', '1') + pair('city', 'B')),
  },
  {
    label: 'unicode blanks and a split pair',
    text: call(pair('city', '\u3000\ud83d\ude00 x\u00a0')),
  },
  { label: 'the value close left out', text: call('<arg_key>city</arg_key>\n<arg_value>Oslo\n') },
  { label: 'junk between pairs', text: call(`${pair('city', 'A')}oops\n${pair('days', '1')}`) },
  { label: 'a key with no value', text: call('<arg_key>city</arg_key>\n<arg_key>days</arg_key>') },
  { label: 'a key not closed', text: call('<arg_key>city<arg_value>A</arg_value>') },
  { label: 'cut off inside a value', text: call('<arg_key>city</arg_key>\n<arg_value>Os', '') },
  {
    label: 'the next call before the end tag',
    text: `${call(pair('city', 'A'), '')}<tool_call>get_weather\n${pair('city', 'B')}</tool_call>`,
  },
];

const SETTINGS: { label: string; options: ParserOptions }[] = [
  { label: 'forced', options: { formats: ['glm45'], reasoning: { startsInside: false } } },
  { label: 'auto', options: { reasoning: { startsInside: false } } },
  {
    label: 'forced, with tools',
    options: { formats: ['glm45'], reasoning: { startsInside: false }, tools: TOOLS },
  },
];

function argumentsSent(events: readonly StreamEvent[]): string {
  return events
    .map((event) => (event.type === 'tool-call-delta' ? event.argumentsDelta : ''))
    .join('');
}

describe('stream: glm45 arguments from the call head', () => {
  for (const { label: setting, options } of SETTINGS) {
    for (const { label, text } of CASES) {
      it(`should fold to parse for ${label} (${setting})`, () => {
        expectEveryChunking(options, text);
      });
    }
  }

  it('should stream a text value trimmed, and hold one that may be JSON', () => {
    const options: ParserOptions = { formats: ['glm45'], reasoning: { startsInside: false } };
    const stream = createParser(options).stream();
    const pushed = [
      ...call(`${pair('city', ' New York')}<arg_key>days</arg_key><arg_value>1`, ''),
    ].flatMap((unit) => stream.push(unit));
    expect(pushed.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
    // The city went out as written; `1` may still grow (`12`, `1.5`), so nothing of it is out.
    expect(argumentsSent(pushed)).toBe('{"city":"New York","days":');
  });

  it('should stream a word once it cannot be true, false or null', () => {
    const options: ParserOptions = { formats: ['glm45'], reasoning: { startsInside: false } };
    const stream = createParser(options).stream();
    const open = '<arg_key>flag</arg_key><arg_value>true  ';
    const pushed = [...call(`${pair('city', 'north')}${open}`, '')].flatMap((unit) =>
      stream.push(unit),
    );
    // `north` went out from its `o` on; `true` followed by blanks may still be the literal.
    expect(argumentsSent(pushed)).toBe('{"city":"north","flag":');
    const early = createParser(options).stream();
    const upToO = [...call('<arg_key>city</arg_key>\n<arg_value>no', '')].flatMap((unit) =>
      early.push(unit),
    );
    expect(argumentsSent(upToO)).toBe('{"city":"no');
  });

  it('should drop the same units String.prototype.trim drops', () => {
    for (let unit = 0; unit <= 0xffff; unit += 1) {
      const char = String.fromCharCode(unit);
      expect(isTrimmedUnit(unit), `U+${unit.toString(16)}`).toBe(char.trim() === '');
    }
  });
});
