/**
 * What the fuzz tests feed the parser: arbitrary strings, "marker soup" built from every token the
 * grammars know, and corpus outputs mutated the way a prompt injection or a cut-off stream would
 * (truncated, code units flipped, markers inserted or duplicated, calls repeated).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import peggy from 'peggy';
import { formats } from '../../src/formats/index.js';

const GRAMMARS = join(import.meta.dirname, '../../grammar');

/** Every literal of two or more units in `grammar/*.peggy`: start, separator and end tokens. */
function grammarLiterals(): string[] {
  const literals = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (
      record['type'] === 'literal' &&
      typeof record['value'] === 'string' &&
      record['value'].length > 1
    ) {
      literals.add(record['value']);
    }
    for (const [key, value] of Object.entries(record)) if (key !== 'location') walk(value);
  };
  for (const file of readdirSync(GRAMMARS)
    .filter((name) => name.endsWith('.peggy'))
    .sort()) {
    walk(
      peggy.parser.parse(readFileSync(join(GRAMMARS, file), 'utf8'), {
        grammarSource: file,
        reservedWords: [],
      }),
    );
  }
  return [...literals];
}

/** Every marker a format is found by (the scanner's `indexOf` strings). */
export const MARKERS: readonly string[] = [
  ...new Set(Object.values(formats).flatMap((format) => [...format.markers])),
];

/** Markers, grammar tokens and the pieces of JSON, Python, XML and prose calls are made of. */
export const TOKENS: readonly string[] = [
  ...new Set([
    ...MARKERS,
    ...grammarLiterals(),
    '<think>',
    '</think>',
    '```json\n',
    '```\n',
    'For example:\n',
    'need_tool: yes\n',
    '{',
    '}',
    '[',
    ']',
    '(',
    ')',
    '"',
    "'",
    ',',
    ':',
    '=',
    '<',
    '>',
    '\\',
    '\n',
    ' ',
    '"name": ',
    '"arguments": ',
    '"parameters": ',
    '"get_weather"',
    'get_weather',
    'delete_file',
    'send_email',
    '"city": "Paris"',
    'city="Paris"',
    '"path": "/tmp/a"',
    '<parameter=city>',
    '<parameter name="city">',
    '<invoke name="get_weather">',
    '__proto__',
    '"__proto__": ',
    'constructor',
    'prototype',
    '{"name": "get_weather", "arguments": {"city": "Paris"}}',
    '[get_weather(city="Paris")]',
    '1e400',
    '-0',
    'NaN',
    '\uD83D',
    '\uDE00',
    '\u0000',
  ]),
];

/** A string drawn from the whole UTF-16 range (lone surrogates included). */
export const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300, size: 'max' }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 300, size: 'max' }),
);

/** A string of tokens the grammars react to, which random text almost never reaches. */
export const markerSoup = fc
  .array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 4 })), {
    maxLength: 60,
    // 'max': lengths spread over the whole range (the default size keeps arrays near 10).
    size: 'max',
  })
  .map((tokens) => tokens.join(''));

/** One way to damage an output. */
export type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; unit: number }
  | { kind: 'insert'; at: number; token: string }
  | { kind: 'duplicate'; at: number; length: number }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'repeat'; times: number };

/** A list of mutations; positions are fractions of the current text, so they fit any text. */
export const mutations: fc.Arbitrary<Mutation[]> = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('truncate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    fc.record({
      kind: fc.constant('flip' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      unit: fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0xffff })),
    }),
    fc.record({
      kind: fc.constant('insert' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      token: fc.constantFrom(...TOKENS),
    }),
    fc.record({
      kind: fc.constant('duplicate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.integer({ min: 1, max: 40 }),
    }),
    fc.record({
      kind: fc.constant('delete' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.integer({ min: 1, max: 10 }),
    }),
    fc.record({ kind: fc.constant('repeat' as const), times: fc.integer({ min: 2, max: 4 }) }),
  ),
  { minLength: 1, maxLength: 4 },
);

/**
 * Applies mutations to a text.
 *
 * @param text - An output (a corpus case's input).
 * @param list - The mutations, applied in order.
 * @returns The damaged text.
 */
export function mutate(text: string, list: readonly Mutation[]): string {
  let current = text;
  for (const mutation of list) {
    const at = 'at' in mutation ? Math.floor(mutation.at * current.length) : 0;
    switch (mutation.kind) {
      case 'truncate':
        current = current.slice(0, at);
        break;
      case 'flip':
        current = current.slice(0, at) + String.fromCharCode(mutation.unit) + current.slice(at + 1);
        break;
      case 'insert':
        current = current.slice(0, at) + mutation.token + current.slice(at);
        break;
      case 'duplicate':
        current = current.slice(0, at + mutation.length) + current.slice(at);
        break;
      case 'delete':
        current = current.slice(0, at) + current.slice(at + mutation.length);
        break;
      case 'repeat':
        current = current.repeat(mutation.times);
        break;
    }
  }
  return current;
}

/**
 * Cut points for a chunking of a text of the given length (fast-check shrinks them).
 *
 * @param length - The text's length.
 * @returns An arbitrary of sorted, distinct cut positions.
 */
export function cutPoints(length: number): fc.Arbitrary<number[]> {
  if (length < 2) return fc.constant([]);
  return fc
    .uniqueArray(fc.integer({ min: 1, max: length - 1 }), { maxLength: Math.min(24, length - 1) })
    .map((points) => points.sort((left, right) => left - right));
}

/**
 * Cuts a text at sorted positions.
 *
 * @param text - The text.
 * @param points - Sorted cut positions inside it.
 * @returns The deltas.
 */
export function cut(text: string, points: readonly number[]): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const point of points) {
    if (point <= from || point >= text.length) continue;
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}
