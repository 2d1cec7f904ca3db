/**
 * `tool-call-parser parse [file|-]`: parses one model output and prints the result as JSON, or
 * with `--stream` feeds it through the stream parser as it is read and prints each event as a
 * JSON line.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createParser, type Parser } from '../parser.js';
import { openEventStream } from '../integrations/event-stream.js';
import type { StreamEvent } from '../types.js';
import { readArgs, readFormats } from './args.js';
import { UsageError } from './errors.js';
import { loadTools, readTextArgument, resolvePath, type CliIo } from './io.js';

/** The usage line of `parse`. */
export const PARSE_USAGE = 'parse [file|-] [--format <id>]... [--tools tools.json] [--stream]';

const FLAGS = {
  format: { type: 'string', multiple: true },
  tools: { type: 'string' },
  stream: { type: 'boolean' },
} as const;

/**
 * Runs `parse`.
 *
 * @param argv - The arguments after `parse`.
 * @param io - Streams and working directory.
 * @returns The exit code (0: the output was parsed, whatever it held).
 * @throws UsageError for caller mistakes (exit 2).
 * @example
 * ```ts
 * await parseCommand(['output.txt', '--format', 'hermes'], io);
 * ```
 */
export async function parseCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = readArgs('parse', argv, FLAGS);
  if (positionals.length > 1) {
    throw new UsageError(
      `parse: give one file (or - for standard input), e.g. tool-call-parser parse output.txt`,
    );
  }
  const source = positionals[0] ?? '-';
  if (source === '-' && (io.stdin as Readable & { isTTY?: boolean }).isTTY === true) {
    throw new UsageError(
      'parse: give a file, or pipe the model output in: cat output.txt | tool-call-parser parse',
    );
  }
  const formats = readFormats(values.format as string[] | undefined);
  const tools = typeof values.tools === 'string' ? await loadTools(values.tools, io) : undefined;
  let parser: Parser;
  try {
    parser = createParser(tools === undefined ? { formats } : { formats, tools });
  } catch (error) {
    throw new UsageError(`parse: ${(error as Error).message}`);
  }
  if (values.stream === true) {
    await streamEvents(parser, await openSource(source, io), io);
    return 0;
  }
  const text = await readTextArgument(source, io, 'the model output');
  io.stdout.write(`${JSON.stringify(parser.parse(text), null, 2)}\n`);
  return 0;
}

async function openSource(source: string, io: CliIo): Promise<Readable> {
  if (source === '-') return io.stdin;
  const path = resolvePath(source, io);
  const info = await stat(path).catch(() => undefined);
  if (info === undefined || !info.isFile()) {
    throw new UsageError(
      `parse: no file at "${source}"; check the path, or use - for standard input`,
    );
  }
  return createReadStream(path);
}

/** Feeds chunks as they are read, so the events show what a live stream would emit. */
async function streamEvents(parser: Parser, input: Readable, io: CliIo): Promise<void> {
  const stream = openEventStream(parser);
  // Chunks are bytes: a character split between two chunks waits in the decoder.
  const decoder = new StringDecoder('utf8');
  const write = (events: StreamEvent[]): void => {
    for (const event of events) io.stdout.write(`${JSON.stringify(event)}\n`);
  };
  for await (const chunk of input) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    if (text !== '') write(stream.push(text));
  }
  const rest = decoder.end();
  if (rest !== '') write(stream.push(rest));
  write(stream.end());
}
