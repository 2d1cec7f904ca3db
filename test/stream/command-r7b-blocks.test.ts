/**
 * Command R7B and Command A write their reasoning in `<|START_THINKING|>` and their answer in
 * `<|START_RESPONSE|>` (Cohere2 MoE: `<|START_TEXT|>`), each a section of its own: a stream sends
 * their text as it is written, holding back only what may start the block's close token.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent } from '../../src/index.js';
import { everyTwoWaySplit, randomChunkings, unitByUnit, whole } from '../helpers/chunkers.js';
import { deltaText, expectEquivalent } from './equivalence.js';

const options: ParserOptions = { formats: ['command_r7b'], reasoning: { startsInside: false } };

const action =
  '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Oslo"}}]<|END_ACTION|>';

const texts: Record<string, string> = {
  'reasoning, then an answer':
    '<|START_THINKING|>No tool needed.<|END_THINKING|><|START_RESPONSE|>It is 4.<|END_RESPONSE|>',
  'reasoning, then a call': `<|START_THINKING|>Look up Oslo.<|END_THINKING|>${action}`,
  'the Cohere2 answer block': '<|START_TEXT|>Hello <b>there</b> <|END_<|END_TEXT|> after',
  'a block cut off': '<|START_RESPONSE|>It is <|END_RESP',
  'an empty block': '<|START_THINKING|><|END_THINKING|>Done.',
  'a close token of another block inside': '<|START_RESPONSE|>a<|END_THINKING|>b<|END_RESPONSE|>',
};

describe('command_r7b blocks in a stream', () => {
  it('should send the answer as it is written, before its close token', () => {
    const text = texts['reasoning, then an answer'] as string;
    const stream = createParser(options).stream();
    const events: StreamEvent[] = [];
    const upTo = text.indexOf('It is 4') + 'It is'.length;
    for (const unit of text.slice(0, upTo)) events.push(...stream.push(unit));
    expect([deltaText(events, 'reasoning-delta'), deltaText(events, 'text-delta')]).toEqual([
      'No tool needed.',
      'It is',
    ]);
  });

  for (const [label, parserOptions] of [
    ['forced command_r7b', options],
    ['auto mode', { reasoning: { startsInside: false } }],
    ['reasoning kept in content', { ...options, reasoning: { keepInContent: true } }],
  ] as const) {
    for (const chunker of [whole, unitByUnit, everyTwoWaySplit(), randomChunkings(8)]) {
      it(`should fold to parse in ${label}, under ${chunker.name}`, () => {
        for (const text of Object.values(texts)) {
          for (const deltas of chunker.chunkings(text)) expectEquivalent(parserOptions, deltas);
        }
      });
    }
  }
});
