/**
 * `Format.mayOpen` is a promise the batch scan relies on to skip `parseAt`: wherever a format's
 * `mayOpen` says no, its `parseAt` must read no section. Checked for every registered format that
 * declares one, on random texts built from its markers, JSON, tags, blanks and prose, and at every
 * marker occurrence of the conformance corpus.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Format, FormatContext } from '../../src/formats/format.js';
import { formats } from '../../src/formats/index.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { readCorpus } from '../fuzz/corpus.js';

const declaring: Format[] = Object.values(formats).filter((format) => format.mayOpen !== undefined);

/** What the scan hands `mayOpen`: the first non-blank unit after the marker, -1 at the end. */
function nextUnit(text: string, from: number): number {
  let index = from;
  while (index < text.length && ' \t\r\n'.includes(text.charAt(index))) index += 1;
  return index < text.length ? text.charCodeAt(index) : -1;
}

/** Every occurrence of each of the format's markers in `text`, with the marker. */
function occurrences(format: Format, text: string): [number, string][] {
  const found: [number, string][] = [];
  for (const marker of format.markers) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
      found.push([at, marker]);
    }
  }
  return found;
}

/** Checks the promise at every marker of the format in `text`; returns how many were refused. */
function checkRefusals(format: Format, text: string): number {
  let refused = 0;
  const contexts: FormatContext[] = [
    { text, tools: undefined, limits: DEFAULT_LIMITS },
    {
      text,
      tools: new Map([['f', { parameters: { type: 'object', properties: {} } }]]),
      limits: DEFAULT_LIMITS,
    },
  ];
  for (const [at, marker] of occurrences(format, text)) {
    if (format.mayOpen?.(marker, nextUnit(text, at + marker.length)) !== false) continue;
    refused += 1;
    for (const context of contexts) {
      let section;
      try {
        section = format.parseAt(context, at);
      } catch {
        // A throw becomes a section in the scan: a refusal would then change the result.
        section = 'threw';
      }
      expect(section, `${format.id} at ${at} of ${JSON.stringify(text)}`).toBeUndefined();
    }
  }
  return refused;
}

const fillers = [
  ...[' ', '\n', '\t', '\r', '  \n', '\f', '\u00a0'],
  ...['{', '}', '[', ']', '"', "'", ':', ',', '<', '>', '/', '|', '=', 'f', 'name', '123'],
  ...['{"name": "f", "arguments": {"a": 1}}', '[{"name": "f", "arguments": {}}]', '"f"'],
  ...['<function=f>', '<parameter=a>', '1', '</parameter>', '</function>', '</tool_call>'],
  ...['<arg_key>a</arg_key>', '<arg_value>1</arg_value>', '<name>f</name>', '<invoke name="f">'],
  ...['<tool_name>f</tool_name>', '<function>f</function>', '<tool>', '<function_name>'],
  ...['</invoke>', '<parameter name="a">1</parameter>', '</function_calls>', '```json\n'],
  ...['Sure, let me check.', 'The weather is nice.', '<think>', '</think>'],
  ...['tools<|sep|>', 'think<|sep|>', 'response<|sep|>', 'message role="a"<|sep|>', '<|sep|>'],
  ...['tool', 'Tools<|sep|>', 'toolsx<|sep|>', 'r', 'm', 't'],
  ...['<tool_call>f<tool_sep>', '<tool_sep>', ':opensource>', '<tool_call:opensource>f'],
];

describe('Format.mayOpen', () => {
  it('should be declared by the formats that share <tool_call> with hermes, or <tool_calls>, kimi_k3 and muse_glimmer', () => {
    expect(declaring.map((format) => format.id).sort()).toEqual(
      ['glm45', 'granite', 'markup', 'qwen3_coder', 'xlam']
        .concat(['hunyuan_a13b', 'hy_v3', 'jamba', 'minimax'])
        // kimi_k3's <|open|> and <|close|> open only its channels' tags.
        .concat(['kimi_k3'])
        // muse_glimmer's <|start|> opens only an assistant's header, its to= only a name.
        .concat(['muse_glimmer'])
        .sort(),
    );
  });

  for (const format of declaring) {
    it(`${format.id}: should refuse only where parseAt reads no section (random texts)`, () => {
      let refused = 0;
      const piece = fc.constantFrom(...format.markers, ...fillers);
      fc.assert(
        fc.property(
          fc.constantFrom(...format.markers),
          fc.array(piece, { maxLength: 12 }),
          fc.array(piece, { maxLength: 3 }),
          (marker, after, before) => {
            refused += checkRefusals(format, `${before.join('')}${marker}${after.join('')}`);
          },
        ),
        { numRuns: 4000 },
      );
      // The property ran on refusals, not only on texts every format may open.
      expect(refused).toBeGreaterThan(100);
    });

    it(`${format.id}: should refuse only where parseAt reads no section (corpus)`, () => {
      for (const entry of readCorpus()) checkRefusals(format, entry.input);
    });
  }

  it('should leave a hermes call to hermes alone, at one look', () => {
    const text = '<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>';
    for (const format of declaring.filter((each) => each.markers.includes('<tool_call>'))) {
      expect(format.mayOpen?.('<tool_call>', nextUnit(text, 11)), format.id).toBe(false);
    }
  });

  it('should leave call objects after <tool_calls> to minimax, a list to the other two', () => {
    const mayOpen = (id: 'hunyuan_a13b' | 'jamba' | 'minimax', text: string): boolean | undefined =>
      formats[id].mayOpen?.('<tool_calls>', nextUnit(text, 12));
    const lines = '<tool_calls>\n{"name": "f", "arguments": {}}\n</tool_calls>';
    const list = '<tool_calls>\n[{"name": "f", "arguments": {}}]\n</tool_calls>';
    expect(mayOpen('minimax', lines)).toBe(true);
    expect(mayOpen('jamba', lines)).toBe(false);
    expect(mayOpen('hunyuan_a13b', lines)).toBe(false);
    expect(mayOpen('minimax', list)).toBe(false);
    expect(mayOpen('jamba', list)).toBe(true);
    expect(mayOpen('hunyuan_a13b', list)).toBe(true);
  });
});
