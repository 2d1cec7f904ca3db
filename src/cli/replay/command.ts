/**
 * `tool-call-parser replay <log.jsonl>`: parses every raw model output of a log
 * (`{ id?, model?, output, tools? }` per line) and reports, per model, format and tool, how often
 * calls parsed, came through a fallback, failed validation or named an unknown tool.
 */
import { createReadStream } from 'node:fs';
import { stat, readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { getFormat } from '../../formats/index.js';
import { selectFormats, type ToolDefinition } from '../../options.js';
import { createParser, type Parser } from '../../parser.js';
import type { FormatId } from '../../types.js';
import { readArgs, readFormats } from '../args.js';
import { UsageError } from '../errors.js';
import { checkTools, loadTools, resolvePath, type CliIo } from '../io.js';
import { compareReports, isReplayReport, renderComparison } from './compare.js';
import { renderHtml } from './html.js';
import { createProgress } from './progress.js';
import { renderSummary } from './summary.js';
import { createTally, type ReplayReport } from './tally.js';

/** The usage line of `replay`. */
export const REPLAY_USAGE =
  'replay <log.jsonl> [--tools tools.json] [--format <id>]... [--out report.json] [--baseline report.json] [--tolerance <points>] [--html report.html]';

const FLAGS = {
  tools: { type: 'string' },
  format: { type: 'string', multiple: true },
  out: { type: 'string' },
  baseline: { type: 'string' },
  html: { type: 'string' },
  tolerance: { type: 'string' },
} as const;

/**
 * Runs `replay`.
 *
 * @param argv - The arguments after `replay`.
 * @param io - Streams and working directory.
 * @returns The exit code: 0, or 1 when `--baseline` found a regression.
 * @throws UsageError for caller mistakes (exit 2).
 * @example
 * ```ts
 * await replayCommand(['examples/transcripts.jsonl', '--tools', 'examples/tools.json'], io);
 * ```
 */
export async function replayCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = readArgs('replay', argv, FLAGS);
  const logPath = positionals[0];
  if (logPath === undefined || positionals.length > 1) {
    throw new UsageError(
      `replay: give one log file, e.g. tool-call-parser replay examples/transcripts.jsonl --tools examples/tools.json`,
    );
  }
  const size = await fileSize(logPath, io);
  const formats = readFormats(values.format as string[] | undefined);
  const tools = typeof values.tools === 'string' ? await loadTools(values.tools, io) : undefined;
  const tolerance = readTolerance(values.tolerance as string | undefined);
  const baseline =
    typeof values.baseline === 'string' ? await loadBaseline(values.baseline, io) : undefined;

  const parsers = createParserCache(formats, tools);
  const report = await replayLog(logPath, size, parsers, formats, io);

  for (const line of renderSummary(report)) io.stdout.write(`${line}\n`);
  if (typeof values.out === 'string') {
    await writeOutput(values.out, `${JSON.stringify(report, null, 2)}\n`, io);
    io.stderr.write(`wrote ${values.out}\n`);
  }
  if (typeof values.html === 'string') {
    await writeOutput(values.html, renderHtml(report), io);
    io.stderr.write(`wrote ${values.html}\n`);
  }
  if (baseline === undefined) return 0;
  const comparison = compareReports(report, baseline, tolerance);
  for (const line of renderComparison(comparison, values.baseline as string)) {
    io.stdout.write(`${line}\n`);
  }
  return comparison.regressions > 0 ? 1 : 0;
}

async function replayLog(
  logPath: string,
  size: number,
  parsers: ParserCache,
  formats: 'auto' | FormatId[],
  io: CliIo,
): Promise<ReplayReport> {
  const { primary } = selectFormats(formats);
  const tally = createTally((id) => {
    const format = getFormat(id);
    return format !== undefined && !primary.has(format);
  });
  const progress = createProgress(io.stderr, size);
  const lines = createInterface({
    input: createReadStream(resolvePath(logPath, io), { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let lineNumber = 0;
  let bytesRead = 0;
  for await (const line of lines) {
    lineNumber += 1;
    bytesRead += Buffer.byteLength(line) + 1;
    progress.update(bytesRead);
    if (line.trim() === '') continue;
    tally.line();
    const entry = readEntry(line);
    if (typeof entry === 'string') {
      tally.skip(lineNumber, entry);
      continue;
    }
    const parser = parsers.get(entry.tools);
    if (typeof parser === 'string') {
      tally.skip(lineNumber, parser);
      continue;
    }
    try {
      tally.add(entry.model, parser.parse(entry.output));
    } catch (error) {
      // The parser promises not to throw on model output; if it ever does, the log goes on.
      tally.skip(lineNumber, `the parser failed: ${(error as Error).message}`);
    }
  }
  progress.done();
  return tally.report(logPath);
}

interface LogEntry {
  model: string | undefined;
  output: string;
  tools: ToolDefinition[] | undefined;
}

/** Reads one log line; a string is why the line cannot be replayed. */
function readEntry(line: string): LogEntry | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not a JSON object';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'not a JSON object';
  }
  const record = value as Record<string, unknown>;
  if (typeof record['output'] !== 'string') return 'no string "output" field';
  let tools: ToolDefinition[] | undefined;
  if (record['tools'] !== undefined) {
    try {
      tools = checkTools(record['tools'], 'its "tools"');
    } catch (error) {
      return (error as Error).message;
    }
  }
  const model = record['model'];
  return {
    model: typeof model === 'string' && model !== '' ? model : undefined,
    output: record['output'],
    tools,
  };
}

interface ParserCache {
  /** The parser for a line's tools (the `--tools` parser when the line has none), or why none can be made. */
  get(tools: ToolDefinition[] | undefined): Parser | string;
}

/** One parser per distinct tool list: creating a parser compiles schemas, parsing is cheap. */
function createParserCache(
  formats: 'auto' | FormatId[],
  defaultTools: ToolDefinition[] | undefined,
): ParserCache {
  const make = (tools: ToolDefinition[] | undefined): Parser =>
    createParser(
      tools === undefined ? { formats, ids: 'sequential' } : { formats, tools, ids: 'sequential' },
    );
  let fallback: Parser;
  try {
    fallback = make(defaultTools);
  } catch (error) {
    throw new UsageError(`replay: the tools file was refused: ${(error as Error).message}`);
  }
  const byTools = new Map<string, Parser | string>();
  return {
    get(tools) {
      if (tools === undefined) return fallback;
      const key = JSON.stringify(tools);
      let parser = byTools.get(key);
      if (parser === undefined) {
        try {
          parser = make(tools);
        } catch (error) {
          parser = `its "tools" were refused: ${(error as Error).message}`;
        }
        byTools.set(key, parser);
      }
      return parser;
    },
  };
}

async function fileSize(path: string, io: CliIo): Promise<number> {
  try {
    const info = await stat(resolvePath(path, io));
    if (info.isDirectory())
      throw new UsageError(`replay: "${path}" is a directory; give a .jsonl log file`);
    return info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `replay: no log file at "${path}"; check the path (one JSON object per line: {"model": ..., "output": ...})`,
    );
  }
}

async function loadBaseline(path: string, io: CliIo): Promise<ReplayReport> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(resolvePath(path, io), 'utf8'));
  } catch {
    throw new UsageError(
      `replay: cannot read the baseline "${path}"; write one first with replay <log> --out ${path}`,
    );
  }
  if (!isReplayReport(value)) {
    throw new UsageError(
      `replay: "${path}" is not a replay report; write one with replay <log> --out ${path}`,
    );
  }
  return value;
}

function readTolerance(value: string | undefined): number {
  if (value === undefined) return 0.01;
  const points = Number(value);
  if (!Number.isFinite(points) || points < 0) {
    throw new UsageError(
      `replay: --tolerance takes percentage points, e.g. --tolerance 2; got "${value}"`,
    );
  }
  return points / 100;
}

async function writeOutput(path: string, text: string, io: CliIo): Promise<void> {
  try {
    await writeFile(resolvePath(path, io), text);
  } catch (error) {
    throw new UsageError(
      `replay: cannot write "${path}" (${(error as Error).message}); check the folder exists`,
    );
  }
}
