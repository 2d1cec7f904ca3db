/**
 * Streaming benchmark (not a test): one hermes tool call of 20 KB and of 1 MB streamed in
 * 1-unit and 16-unit deltas. Reports total ms, microseconds per delta, peak held bytes, and, in
 * the same run, ratios to one `JSON.parse` of the payload and to partial-json re-parsing the
 * accumulated payload on every delta (what peers do). Run: `npx tsx scripts/bench-stream.ts`.
 */
import { parse as parsePartial } from 'partial-json';
import { createParser } from '../src/index.js';

/** A `write_file` call whose arguments are about `size` UTF-16 units of JSON. */
function makeCall(size: number): { text: string; payload: string } {
  const line = 'The quick brown fox said "hi" \\ jumps over 12 lazy dogs.\n';
  const content = line.repeat(Math.ceil(size / (line.length + 4))).slice(0, size);
  const payload = JSON.stringify({
    name: 'write_file',
    arguments: { path: 'notes/today.txt', overwrite: true, content },
  });
  return { text: `<tool_call>${payload}</tool_call>`, payload };
}

function chunks(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += size)
    pieces.push(text.slice(index, index + size));
  return pieces;
}

/** Median wall time of `run` in ms over `repeats` runs. */
function time(run: () => void, repeats: number): number {
  const samples: number[] = [];
  for (let index = 0; index < repeats; index += 1) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

function streamOnce(deltas: readonly string[]): { ms: number; peakHeld: number; ok: boolean } {
  // A model that never thinks: with the default (reasoning forced open) a stream holds all text
  // until it sees </think>, <think> or the end, which is not what this measures.
  const parser = createParser({ formats: ['hermes'], reasoning: { startsInside: false } });
  let peakHeld = 0;
  let argumentsText = '';
  let ends = 0;
  const started = performance.now();
  const stream = parser.stream();
  for (const delta of deltas) {
    for (const event of stream.push(delta)) {
      if (event.type === 'tool-call-delta') argumentsText += event.argumentsDelta;
      else if (event.type === 'tool-call-end') ends += 1;
    }
    if (stream.held > peakHeld) peakHeld = stream.held;
  }
  let deltasAtEnd = 0;
  for (const event of stream.end()) {
    if (event.type === 'tool-call-end') ends += 1;
    if (event.type === 'tool-call-delta') deltasAtEnd += event.argumentsDelta.length;
  }
  const ms = performance.now() - started;
  // The call must end, and its arguments must have streamed before the end (not all at once).
  return { ms, peakHeld, ok: ends === 1 && argumentsText.length > deltasAtEnd };
}

/** partial-json on the accumulated payload per delta; sampled (then scaled) when it would be slow. */
function partialJson(payload: string, size: number): { ms: number; estimated: boolean } {
  const count = Math.ceil(payload.length / size);
  const sampled = count * payload.length > 4e8;
  const step = sampled ? Math.ceil(count / 400) : 1;
  let measured = 0;
  let runs = 0;
  for (let index = 1; index <= count; index += step) {
    const prefix = payload.slice(0, Math.min(payload.length, index * size));
    const started = performance.now();
    try {
      parsePartial(prefix);
    } catch {
      // Prefixes partial-json cannot read yet cost what they cost.
    }
    measured += performance.now() - started;
    runs += 1;
  }
  return { ms: (measured / runs) * count, estimated: sampled };
}

const rows: string[] = [];
const perSize = new Map<string, number>();
for (const size of [20 * 1024, 40 * 1024, 1024 * 1024, 2 * 1024 * 1024]) {
  const { text, payload } = makeCall(size);
  const jsonParseMs = time(() => JSON.parse(payload), size > 100_000 ? 20 : 200);
  for (const deltaSize of [1, 16]) {
    const deltas = chunks(text, deltaSize);
    streamOnce(deltas); // warm-up
    const runs = Array.from({ length: size > 100_000 ? 3 : 9 }, () => streamOnce(deltas));
    runs.sort((a, b) => a.ms - b.ms);
    const median = runs[Math.floor(runs.length / 2)] as (typeof runs)[number];
    const partial =
      size <= 40 * 1024 || deltaSize === 16 ? partialJson(payload, deltaSize) : undefined;
    const label = size >= 1024 * 1024 ? `${size / 1024 / 1024} MB` : `${size / 1024} KB`;
    perSize.set(`${label}/${deltaSize}`, median.ms);
    rows.push(
      [
        label,
        String(deltaSize),
        String(deltas.length),
        median.ms.toFixed(2),
        ((median.ms * 1000) / deltas.length).toFixed(3),
        String(median.peakHeld * 2),
        jsonParseMs.toFixed(3),
        (median.ms / jsonParseMs).toFixed(1) + 'x',
        partial === undefined
          ? 'skipped (hours)'
          : `${partial.ms.toFixed(0)}${partial.estimated ? ' (est.)' : ''}`,
        partial === undefined ? '' : (partial.ms / median.ms).toFixed(0) + 'x',
        median.ok ? 'yes' : 'NO',
      ].join(' | '),
    );
  }
}
console.log(
  '| size | delta | deltas | stream ms | µs/delta | peak held bytes | JSON.parse ms | stream/JSON.parse | partial-json ms | partial-json/stream | call ok |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row} |`);
for (const [small, large] of [
  ['20 KB', '40 KB'],
  ['1 MB', '2 MB'],
]) {
  for (const delta of [1, 16]) {
    const ratio = (perSize.get(`${large}/${delta}`) ?? 0) / (perSize.get(`${small}/${delta}`) ?? 1);
    console.log(`doubling ${small} → ${large} at ${delta}-unit deltas: time x${ratio.toFixed(2)}`);
  }
}
