/**
 * Long fuzz campaigns and the adversarial growth check.
 *
 *     npm run fuzz -- [--runs N] [--seed S] [--only TEXT]     the properties of test/fuzz
 *     npm run fuzz -- --adversarial [--size UNITS] [--stream-size UNITS] [--only TEXT]
 *     npm run fuzz -- --markers [--size UNITS]                every format's markers, flooded
 *
 * The properties are the ones `test/fuzz/properties.test.ts` runs briefly in CI (same invariants:
 * an executable call is complete, allowlisted and valid; a stream folds to `parse`). `--runs` is
 * per property (default 10,000). A failure prints fast-check's shrunk counterexample and seed and
 * sets the exit code.
 *
 * `--adversarial` times each hostile output of `test/adversarial/inputs.ts` at `size` and
 * `2 * size` units (default 1 MiB) in auto mode and in every format forced, and prints
 * time(2n)/time(n): about 2 is linear, 4 is quadratic. It then streams each output the same way,
 * in 16-unit deltas from the first push to `end()`, at `--stream-size` (default an eighth of
 * `size`: a stream does more per unit), with reasoning not forced open so that text goes through
 * the per-push path rather than being held to the end. Times are CPU times, best of three, of a
 * bundle of `src/` built without esbuild's `keepNames` (tsx's transform wraps every function
 * peggy creates per parse in a naming call, which inflates parse-heavy inputs tenfold); without
 * esbuild the source is timed as tsx loads it. `maxCallSize` and `maxOutputSize` are raised so
 * both sizes take the same path. A ratio above 3 is measured again at four times the size (the
 * mode then reads "(4n)" when that run was linear) and flagged when it stays above 3.
 */
import fc from 'fast-check';
import { ADVERSARIAL_INPUTS, flood, type AdversarialInput } from '../test/adversarial/inputs.js';
import { KNOWN_ISSUES } from '../test/fuzz/known-issues.js';
import { knownIssueCounts, PROPERTIES } from '../test/fuzz/properties.js';
import { loadLibrary, type Library } from './library.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const only = option('--only');
/** The delta size of streamed growth: what models send. */
const STREAM_DELTA = 16;
/** time(2n)/time(n) above this is flagged (2 is linear, 4 quadratic). */
const FLAGGED = 3;

if (args.includes('--help')) {
  console.log(
    'usage: npm run fuzz -- [--runs N] [--seed S] [--only TEXT] | --adversarial [--size UNITS] [--stream-size UNITS] [--only TEXT] | --markers [--size UNITS]',
  );
} else if (args.includes('--adversarial')) {
  const size = Number(option('--size') ?? 1024 * 1024);
  await adversarial(size, Number(option('--stream-size') ?? Math.round(size / 8)));
} else if (args.includes('--markers')) {
  await markerFloods(Number(option('--size') ?? 64 * 1024));
} else {
  campaign(Number(option('--runs') ?? 10_000), option('--seed'));
}

/** Runs every property `runs` times. */
function campaign(runs: number, seedText: string | undefined): void {
  const seed = seedText === undefined ? Date.now() % 2 ** 31 : Number(seedText);
  let failed = 0;
  let total = 0;
  console.log(`fuzz: ${runs} runs per property, seed ${seed}`);
  for (const property of PROPERTIES) {
    if (only !== undefined && !property.name.includes(only)) continue;
    if (!property.available()) {
      console.log(`  skipped  ${property.name} (no corpus at ../shared/conformance)`);
      continue;
    }
    const started = performance.now();
    const details = fc.check(property.build(), { numRuns: runs, seed, includeErrorInReport: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    total += details.numRuns;
    if (details.failed) {
      failed += 1;
      console.log(`  FAILED   ${property.name} after ${details.numRuns} runs (${seconds} s)`);
      console.log(fc.defaultReportMessage(details));
    } else {
      console.log(`  ok       ${property.name}: ${details.numRuns} runs (${seconds} s)`);
    }
  }
  console.log(`fuzz: ${total} runs in total, ${failed} failing properties`);
  for (const [code, count] of knownIssueCounts) {
    console.log(`  known issue met ${count} times: ${code}: ${KNOWN_ISSUES[code]}`);
  }
  if (failed > 0) process.exitCode = 1;
}

/** The library as timed: a keepNames-free bundle when esbuild is there, else the source. */
/** CPU milliseconds of the best of `repeat` parses. */
function time(parse: (text: string) => unknown, text: string, repeat = 3): number {
  let best = Infinity;
  for (let round = 0; round < repeat; round++) {
    const started = process.cpuUsage();
    parse(text);
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/** One measured mode of one input. */
interface Growth {
  mode: string;
  small: number;
  large: number;
  ratio: number;
}

function growth(
  library: Library,
  mode: string,
  input: AdversarialInput,
  size: number,
  streamed = false,
): Growth {
  const parser = library.createParser({
    formats: mode === 'auto' ? 'auto' : [mode as never],
    // Raised so that n and 2n take the same path: crossing maxCallSize between them would time
    // two different things (reading a call, refusing a section).
    limits: { maxOutputSize: 64 * 1024 * 1024, maxCallSize: 64 * 1024 * 1024 },
    // Not forced open: a stream would hold all of a flood until its end, then read it at once.
    ...(streamed ? { reasoning: { startsInside: false } } : {}),
  });
  const parse = streamed
    ? (text: string): unknown => {
        const stream = parser.stream();
        for (let at = 0; at < text.length; at += STREAM_DELTA) {
          stream.push(text.slice(at, at + STREAM_DELTA));
        }
        return stream.end();
      }
    : (text: string): unknown => parser.parse(text);
  const measure = (n: number): Growth => {
    const smallText = input.make(n);
    const largeText = input.make(2 * n);
    parse(smallText.slice(0, 4096));
    const small = time(parse, smallText);
    const large = time(parse, largeText);
    // Below a few ms the ratio is timer noise; count such a pair as linear.
    return { mode, small, large, ratio: large < 5 ? 2 : large / Math.max(small, 0.5) };
  };
  const first = measure(size);
  if (first.ratio <= FLAGGED) return first;
  // Confirmed at four times the size before it is flagged: a pair of a few ms picks up a garbage
  // collection in one of its runs, and the worst of forty formats is often such a pair.
  const again = measure(4 * size);
  return again.ratio > FLAGGED ? again : { ...again, mode: `${mode} (4n)` };
}

async function adversarial(size: number, streamSize: number): Promise<void> {
  const library = await loadLibrary();
  console.log(
    `adversarial: time(2n)/time(n), n = ${size} units parsed, ${streamSize} streamed; ${library.source}; node ${process.version}`,
  );
  console.log(
    '| input | how | auto n ms | auto 2n ms | auto ratio | worst forced format | its n ms | its 2n ms | its ratio |',
  );
  console.log('|---|---|---:|---:|---:|---|---:|---:|---:|');
  let flagged = 0;
  for (const input of ADVERSARIAL_INPUTS) {
    if (only !== undefined && !input.name.includes(only)) continue;
    for (const streamed of [false, true]) {
      const n = streamed ? streamSize : size;
      const auto = growth(library, 'auto', input, n, streamed);
      const forced = library.formatIds.map((id) => growth(library, id, input, n, streamed));
      // The worst format: the highest ratio among those that took measurable time.
      const worst = forced.reduce((left, right) => (right.ratio > left.ratio ? right : left));
      const slowest = forced.reduce((left, right) => (right.large > left.large ? right : left));
      const shown = worst.ratio > 2.5 ? worst : slowest;
      const flag = auto.ratio > FLAGGED || shown.ratio > FLAGGED ? ' ⚠' : '';
      if (flag !== '') flagged += 1;
      console.log(
        `| ${input.name}${flag} | ${streamed ? `stream, ${STREAM_DELTA}-unit deltas` : 'parse'} | ${auto.small.toFixed(1)} | ${auto.large.toFixed(1)} | ${auto.ratio.toFixed(2)} | ${shown.mode} | ${shown.small.toFixed(1)} | ${shown.large.toFixed(1)} | ${shown.ratio.toFixed(2)} |`,
      );
    }
  }
  library.dispose();
  console.log(`adversarial: ${flagged} input and mode pairs grew faster than linear`);
  if (flagged > 0) process.exitCode = 1;
}

/** Each format's markers, flooded alone and followed by one of a few fillers. */
async function markerFloods(size: number): Promise<void> {
  const library = await loadLibrary();
  const { formats } = await import('../src/formats/index.js');
  const fillers = ['', ' ', 'a', '\n', '{', '"', '=', '>', '(', '[', ' x="1">'];
  console.log(`markers: time(2n)/time(n), n = ${size} units; ${library.source}`);
  let measured = 0;
  let flagged = 0;
  for (const [id, format] of Object.entries(formats)) {
    for (const marker of format.markers) {
      for (const filler of fillers) {
        const input: AdversarialInput = {
          name: JSON.stringify(marker + filler),
          make: (units) => flood(marker + filler, units),
        };
        for (const mode of ['auto', id]) {
          const result = growth(library, mode, input, size);
          measured += 1;
          if (result.ratio > FLAGGED) {
            flagged += 1;
            console.log(
              `  ⚠ ${input.name} (${mode}): ${result.small.toFixed(1)} ms → ${result.large.toFixed(1)} ms, ratio ${result.ratio.toFixed(2)}`,
            );
          }
        }
      }
    }
  }
  library.dispose();
  console.log(`markers: ${measured} floods measured, ${flagged} grew faster than linear`);
  if (flagged > 0) process.exitCode = 1;
}
