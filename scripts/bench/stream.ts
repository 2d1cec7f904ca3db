/**
 * The streaming cases: a response fed to `parser.stream()` in chunks. Two kinds of measurement:
 * whole responses timed against `parse` (the streaming contract promises linear total work
 * whatever the chunk size), and the streaming issue's table: one big tool call streamed in
 * 1-unit and 16-unit deltas, timed against one `JSON.parse` of its payload and against
 * partial-json re-parsing the accumulated payload on every delta (what peers do).
 */
import { parse as parsePartialJson } from 'partial-json';
import type { createParser } from '../../src/index.js';
import type { Parser } from '../../src/parser.js';
import { pairedRatios } from './measure.js';

/**
 * Cuts a text into chunks of `size` UTF-16 units (surrogate pairs may be split, as a tokenizer
 * boundary may split them).
 *
 * @param text - The whole response.
 * @param size - Units per chunk.
 * @returns The chunks in order.
 */
export function chunk(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let index = 0; index < text.length; index += size)
    chunks.push(text.slice(index, index + size));
  return chunks;
}

/**
 * Feeds chunks to a new stream and ends it.
 *
 * @param parser - The parser whose stream is used.
 * @param chunks - The response in pieces.
 * @returns The number of events.
 */
export function streamChunks(parser: Parser, chunks: readonly string[]): number {
  const stream = parser.stream();
  let events = 0;
  for (const piece of chunks) events += stream.push(piece).length;
  return events + stream.end().length;
}

/** The two payload shapes the table reports: `JSON.parse` costs very different amounts on them. */
export type PayloadKind = 'string-heavy' | 'structured';

/**
 * The JSON payload of one hermes call of about `size` UTF-16 units.
 *
 * - `string-heavy`: `write_file` whose `content` is one long string with quotes, backslashes and
 *   newlines (what `JSON.parse` reads fastest: one string scan).
 * - `structured`: `import_records` with an array of records holding numbers, booleans, `null`,
 *   nested objects and short strings (what `JSON.parse` reads slowest per unit).
 *
 * @param kind - The payload shape.
 * @param size - Target size in units (the payload is at least this long, within one record).
 * @returns The payload JSON.
 */
export function streamPayload(kind: PayloadKind, size: number): string {
  if (kind === 'string-heavy') {
    const line = 'The quick brown fox said "hi" \\ jumps over 12 lazy dogs.\n';
    const content = line.repeat(Math.ceil(size / line.length)).slice(0, size);
    return JSON.stringify({
      name: 'write_file',
      arguments: { path: 'notes/today.txt', overwrite: true, content },
    });
  }
  const record = (index: number): unknown => ({
    id: 1000 + index,
    name: `user ${index}`,
    active: index % 2 === 0,
    score: index * 1.25 - 3,
    tags: ['a', 'bc'],
    address: { city: 'Gent', zip: 9000 + index, geo: { lat: 51.05, lon: -3.7 } },
    note: null,
  });
  const recordSize = JSON.stringify(record(0)).length + 1;
  const records = Array.from({ length: Math.ceil(size / recordSize) }, (_, index) => record(index));
  return JSON.stringify({ name: 'import_records', arguments: { source: 'crm', records } });
}

/** One row of the streaming table. */
export interface StreamDeltaRow {
  payload: PayloadKind;
  /** Payload size label (`20 KB`, `1 MB`). */
  size: string;
  /** Units per delta. */
  delta: number;
  deltas: number;
  /** Median total time of push for every delta plus end(), ms. */
  ms: number;
  /** Most UTF-16 units the stream held at once, times two (bytes of UTF-16). */
  peakHeldBytes: number;
  /** One `JSON.parse` of the payload, ms, measured in the same run. */
  jsonParseMs: number;
  /**
   * The stream's time over `JSON.parse`'s, timed in pairs (`pairedRatios`: a batch of `JSON.parse`,
   * one stream, a batch of `JSON.parse`), for the 20 KB rows the target reads; the other rows
   * give `ms / jsonParseMs`.
   */
  pairedRatio?: number;
  /** The same deltas through {@link pushFloorOnce} (what any push API costs at least), median ms. */
  floorMs: number;
  /** partial-json re-parsing the accumulated payload per delta, ms (`estimated` when sampled). */
  partialJsonMs: number | undefined;
  partialJsonEstimated: boolean;
  /** The call ended once and its arguments streamed before the end. */
  ok: boolean;
}

/** Time(2n) / time(n) for one payload kind and delta size. */
export interface StreamDoubling {
  payload: PayloadKind;
  delta: number;
  n: string;
  nMs: number;
  twoNMs: number;
}

/** What the streaming table measures; the quick mode uses smaller sizes and fewer runs. */
export interface StreamTableOptions {
  /** Payload sizes in units: each one and its double are timed. */
  sizes: number[];
  /** Timed runs of n and of 2n (alternating, after one warm-up each) for size n; medians are reported. */
  runs: (size: number) => number;
  /** partial-json calls to sample at most per row (the rest are estimated from them). */
  partialJsonSamples: number;
  /** JSON.parse-stream-JSON.parse triples behind a 20 KB row's paired ratio. */
  ratioPairs: number;
  /** The library's `createParser`, from the build being timed. */
  createParser: typeof createParser;
  log: (line: string) => void;
}

/** Rows up to this size (the 20 KB ones the target reads) get a paired ratio. */
const PAIRED_SIZE = 20 * 1024;

/** Streams of a 20 KB call run before any timing, per payload kind and delta size. */
const WARM_UP = 10;

function label(size: number): string {
  return size >= 1024 * 1024 ? `${size / 1024 / 1024} MB` : `${size / 1024} KB`;
}

/** Median of `run`'s wall time over `count` runs, ms. */
function medianMs(run: () => void, count: number): number {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1] as number;
}

/** One `JSON.parse` of the payload, ms: batches long enough to time, median of several. */
function jsonParseMs(payload: string): number {
  const batch = Math.max(1, Math.ceil(2_000_000 / payload.length));
  return (
    medianMs(() => {
      for (let index = 0; index < batch; index += 1) JSON.parse(payload);
    }, 15) / batch
  );
}

/** Streams one call; a model that never thinks (the default forced-open reasoning would hold it all). */
function streamOnce(parser: Parser, deltas: readonly string[]) {
  let peakHeld = 0;
  let streamed = 0;
  let ends = 0;
  const started = performance.now();
  const stream = parser.stream();
  for (const delta of deltas) {
    for (const event of stream.push(delta)) {
      if (event.type === 'tool-call-delta') streamed += event.argumentsDelta.length;
      else if (event.type === 'tool-call-end') ends += 1;
    }
    if (stream.held > peakHeld) peakHeld = stream.held;
  }
  let atEnd = 0;
  for (const event of stream.end()) {
    if (event.type === 'tool-call-end') ends += 1;
    else if (event.type === 'tool-call-delta') atEnd += event.argumentsDelta.length;
  }
  const ms = performance.now() - started;
  return { ms, peakHeld, ok: ends === 1 && streamed > atEnd };
}

// Where the floor's events go, so the engine cannot drop them as unused.
let floorEvents: unknown[] = [];

/**
 * The least any push API costs on these deltas, parsing nothing: each delta is kept (a stream
 * must hold an open call until its end) and handed back as one event in a new array, which is
 * what a delta of argument text that is already certain gives. Whatever the stream costs beyond
 * this is its own work; a target below this is out of reach for one event per delta.
 *
 * @param deltas - The deltas, in order.
 */
function pushFloorOnce(deltas: readonly string[]): void {
  let held = '';
  const push = (delta: string): unknown[] => {
    held += delta;
    return [{ type: 'tool-call-delta', id: 'call_0', argumentsDelta: delta }];
  };
  let count = 0;
  for (const delta of deltas) {
    floorEvents = push(delta);
    count += floorEvents.length;
  }
  if (count !== deltas.length || held.length === 0) throw new Error('floor run lost deltas');
}

/** The run with the median time. */
function medianRun<Run extends { ms: number }>(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[sorted.length >> 1] as Run;
}

/** partial-json on the accumulated payload per delta; sampled evenly (then scaled) when long. */
function partialJson(payload: string, delta: number, samples: number) {
  const count = Math.ceil(payload.length / delta);
  const step = Math.max(1, Math.ceil(count / samples));
  let measured = 0;
  let runs = 0;
  for (let index = 1; index <= count; index += step) {
    const prefix = payload.slice(0, Math.min(payload.length, index * delta));
    const started = performance.now();
    try {
      parsePartialJson(prefix);
    } catch {
      // Prefixes partial-json cannot read yet cost what they cost.
    }
    measured += performance.now() - started;
    runs += 1;
  }
  return { ms: (measured / runs) * count, estimated: step > 1 };
}

/**
 * Measures the streaming table: each payload kind at each size and its double, in 1-unit and
 * 16-unit deltas, with `JSON.parse` and partial-json on the same payload in the same run.
 *
 * @param options - Sizes, run counts, sampling, progress log.
 * @returns The rows (the doubled sizes only feed the doubling ratios) and the doublings.
 */
export function measureStreamTable(options: StreamTableOptions): {
  rows: StreamDeltaRow[];
  doublings: StreamDoubling[];
} {
  const parser = options.createParser({
    formats: ['hermes'],
    reasoning: { startsInside: false },
    limits: { maxOutputSize: 64 * 1024 * 1024, maxCallSize: 64 * 1024 * 1024 },
  });
  const rows: StreamDeltaRow[] = [];
  const doublings: StreamDoubling[] = [];
  // The first streams run before the JIT has settled (and deoptimise as new call sites appear):
  // warm every path on a small call first, or the first rows time the compiler.
  for (const kind of ['string-heavy', 'structured'] as const) {
    const text = `<tool_call>${streamPayload(kind, 20 * 1024)}</tool_call>`;
    for (const delta of [1, 16]) {
      const deltas = chunk(text, delta);
      for (let index = 0; index < WARM_UP; index += 1) streamOnce(parser, deltas);
    }
  }
  for (const kind of ['string-heavy', 'structured'] as const) {
    for (const size of options.sizes) {
      const payload = streamPayload(kind, size);
      const floor = jsonParseMs(payload);
      const texts = [payload, streamPayload(kind, 2 * size)].map(
        (json) => `<tool_call>${json}</tool_call>`,
      );
      for (const delta of [1, 16]) {
        const [small, large] = texts.map((text) => chunk(text, delta)) as [string[], string[]];
        streamOnce(parser, small); // warm-up
        streamOnce(parser, large);
        // n and 2n alternate, so a change of load on the machine hits both alike.
        const smallRuns: ReturnType<typeof streamOnce>[] = [];
        const largeRuns: ReturnType<typeof streamOnce>[] = [];
        for (let run = 0; run < options.runs(size); run += 1) {
          smallRuns.push(streamOnce(parser, small));
          largeRuns.push(streamOnce(parser, large));
        }
        const median = medianRun(smallRuns);
        for (let run = 0; run < 3; run += 1) pushFloorOnce(small); // warm-up
        const floorMs = medianMs(() => pushFloorOnce(small), options.runs(size));
        const peer = partialJson(payload, delta, options.partialJsonSamples);
        const paired =
          size <= PAIRED_SIZE
            ? pairedRatios(
                { id: 'JSON.parse', fn: () => JSON.parse(payload) as unknown },
                [{ id: 'stream', fn: () => streamOnce(parser, small) }],
                options.ratioPairs,
              ).get('stream')
            : undefined;
        rows.push({
          payload: kind,
          size: label(size),
          delta,
          deltas: small.length,
          ms: median.ms,
          peakHeldBytes: median.peakHeld * 2,
          jsonParseMs: floor,
          ...(paired === undefined ? {} : { pairedRatio: paired }),
          floorMs,
          partialJsonMs: peer.ms,
          partialJsonEstimated: peer.estimated,
          ok: [...smallRuns, ...largeRuns].every((run) => run.ok),
        });
        doublings.push({
          payload: kind,
          delta,
          n: label(size),
          nMs: median.ms,
          twoNMs: medianRun(largeRuns).ms,
        });
        options.log(
          `  ${kind} ${label(size)} in ${delta}-unit deltas: ${median.ms.toFixed(2)} ms, ${(paired ?? median.ms / floor).toFixed(1)}× JSON.parse, partial-json ${(peer.ms / median.ms).toFixed(0)}× slower, doubled ×${(medianRun(largeRuns).ms / median.ms).toFixed(2)}`,
        );
      }
    }
  }
  return { rows, doublings };
}
