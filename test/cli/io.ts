/** In-memory streams for running CLI commands in-process. */
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../../src/cli/io.js';

/** The repository root: commands resolve `examples/...` against it. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** An io whose output is collected, with `stdin` holding the given text. */
export function memoryIo(stdin = '', options: { tty?: boolean; cwd?: string } = {}) {
  const stdout = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY: options.tty ?? false, columns: 80 });
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const io: CliIo = { stdout, stderr, stdin: Readable.from([stdin]), cwd: options.cwd ?? ROOT };
  return {
    io,
    stdout: () => out,
    stderr: () => err,
  };
}
