/**
 * Runs of markers nothing may claim where they stand (a bare `{` or `[` in prose, in auto mode,
 * with no intent before it) are released by the stream in one step (`stepContent` in
 * src/stream/stream-parser.ts walks on past them). The run must stop at everything a step would act on: a
 * `<think>`, an example block, the end of what may be a split marker, an intent marker waiting
 * for its next unit, and a marker that may open a call there.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { ParserOptions } from '../../src/index.js';
import {
  everyTwoWaySplit,
  randomChunkings,
  split,
  unitByUnit,
  whole,
} from '../helpers/chunkers.js';
import { expectEquivalent } from './equivalence.js';

const tools: ParserOptions['tools'] = [
  {
    name: 'delete_files',
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
  },
];

// Auto mode, reasoning read only where tagged, and auto mode with the output starting inside it.
const settings: { name: string; options: ParserOptions }[] = [
  { name: 'auto', options: { tools, reasoning: { startsInside: false } } },
  { name: 'auto, starting inside reasoning', options: { tools } },
];

const HERMES = '<tool_call>{"name": "delete_files", "arguments": {"path": "/a"}}</tool_call>';

const cases = [
  'Sets { a } and [ b ] and {{ c }} [[ d ]] in prose.',
  `Braces { { [ [ then a call ${HERMES} and { after`,
  'Braces { [ { <think>is { this [ a call?</think> { [ done',
  'Braces { [ {\nFor example:\n```\n[delete_files(path="/x")]\n```\n{ [ after the example',
  'Braces { [ { then TOOL_CALL [delete_files(path="/b")] { [',
  'Braces { [ { then need_tool: yes [delete_files(path="/c")]',
  'Braces { [ {  MAX_TOOL_CALLS [delete_files(path="/d")] {',
  'Braces { [ { Action: delete_files\nAction Input: {"path": "/e"}',
  '{ "name": "delete_files" } { [ is prose, as is [ {',
  `{ [ { [ { [ { [ { [ { [ { [ { [ { [ { [ { [ { [ <tool_c`,
  // A `[` at the end of a delta may start `[TOOL_CALLS]`, a marker that does open a call.
  'Braces { [ { [TOOL_CALLS][{"name": "delete_files", "arguments": {"path": "/f"}}]',
  'ends with braces { [ { [',
  // A fence with no cue whose close is the fence a cue introduces: no example block.
  `\`\`\`\nFor example:\n\`\`\`\n{{ ${HERMES}`,
  // A fence inside a call pairs with the cued one after it, read before the call had come.
  '<tool_call>```</tool_call>example```<｜tool▁calls▁begin｜>',
  `<tool_call>\`\`\`</tool_call> For example: \`\`\` ${HERMES}`,
];

describe.each([whole, unitByUnit, everyTwoWaySplit(2048), randomChunkings(16)])(
  'unclaimed bare markers, $name',
  (chunker) => {
    describe.each(settings)('$name', ({ options }) => {
      it.each(cases)('should fold to parse() for %s', (text) => {
        for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
      });
    });
  },
);

describe('unclaimed bare markers among everything a step acts on', () => {
  const pieces = [
    '{',
    '[',
    '{ ',
    '[ ',
    ' ',
    'x',
    '\n',
    '<think>',
    '</think>',
    '\nFor example:\n```\n',
    '```',
    'TOOL_CALL',
    'TOOL_CALLS',
    'need_tool: yes ',
    'Action: delete_files\nAction Input: ',
    HERMES,
    '<tool_',
    '[TOOL_CALLS]',
    '[delete_files(path="/b")]',
    '{"name": "delete_files", "arguments": {"path": "/c"}}',
  ];

  it.each(settings)(
    'should fold to parse() for every chunking ($name)',
    ({ options }) => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...pieces), { maxLength: 24 }),
          fc.array(fc.nat(), { maxLength: 8 }),
          (parts, rawCuts) => {
            const text = parts.join('');
            expectEquivalent(
              options,
              split(
                text,
                rawCuts.map((cut) => cut % (text.length + 1)),
              ),
            );
            expectEquivalent(options, [text]);
          },
        ),
        { numRuns: 600, seed: 20261127 },
      );
      // 1,200 streams and parses of up to 24 pieces each: about a minute on a loaded 2-core machine.
    },
    240_000,
  );
});
