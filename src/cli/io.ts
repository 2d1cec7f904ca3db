/**
 * What a CLI command may touch: its output streams, its input and the files named on the command
 * line. Tests pass in-memory streams; `main.ts` passes the process's own.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { ToolDefinition } from '../options.js';
import { UsageError } from './errors.js';

/** The streams a command writes to and reads from. */
export interface CliIo {
  stdout: Writable;
  /** Diagnostics and the progress bar; a bar is drawn only when `stderr.isTTY` is true. */
  stderr: Writable & { isTTY?: boolean; columns?: number };
  stdin: Readable;
  /** The directory relative paths are read from. */
  cwd: string;
}

/**
 * Reads a whole text file named on the command line.
 *
 * @param path - The path, `-` for standard input.
 * @param io - Where `-` reads from.
 * @param role - What the file is for, named in the error message (`"the model output"`).
 * @returns The file's text.
 * @throws UsageError when the file cannot be read.
 * @example
 * ```ts
 * const text = await readTextArgument('output.txt', io, 'the model output');
 * ```
 */
export async function readTextArgument(path: string, io: CliIo, role: string): Promise<string> {
  if (path === '-') return readAll(io.stdin);
  try {
    return await readFile(resolvePath(path, io), 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${role} "${path}" (${describeFsError(error)}); check the path`,
    );
  }
}

/**
 * Reads a stream to its end as UTF-8 text.
 *
 * @param stream - The stream (standard input).
 * @returns Everything it gave.
 * @example
 * ```ts
 * const text = await readAll(process.stdin);
 * ```
 */
export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Loads a tools file: a JSON array of tool definitions
 * (`[{ "name": "get_weather", "parameters": {...}, "effect": "read" }]`).
 *
 * @param path - The path given to `--tools`.
 * @param io - Where relative paths start.
 * @returns The definitions.
 * @throws UsageError when the file is missing, not JSON or not an array of named tools.
 * @example
 * ```ts
 * const tools = await loadTools('examples/tools.json', io);
 * ```
 */
export async function loadTools(path: string, io: CliIo): Promise<ToolDefinition[]> {
  const text = await readTextArgument(path, io, 'the tools file');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `the tools file "${path}" is not JSON (${(error as Error).message}); it must be an array such as [{"name":"get_weather","parameters":{...}}]`,
    );
  }
  return checkTools(value, `the tools file "${path}"`);
}

/**
 * Checks that a value is an array of tool definitions, each with a string `name`.
 *
 * @param value - A parsed JSON value.
 * @param where - Where it came from, for the error message.
 * @returns The value, typed.
 * @throws UsageError when it is not.
 * @example
 * ```ts
 * checkTools([{ name: 'get_weather' }], 'line 3'); // [{ name: 'get_weather' }]
 * ```
 */
export function checkTools(value: unknown, where: string): ToolDefinition[] {
  if (!Array.isArray(value)) {
    throw new UsageError(
      `${where} must hold a JSON array of tools such as [{"name":"get_weather","parameters":{...}}]`,
    );
  }
  value.forEach((tool: unknown, index) => {
    if (
      typeof tool !== 'object' ||
      tool === null ||
      typeof (tool as { name?: unknown }).name !== 'string'
    ) {
      throw new UsageError(`${where}: tool ${index} has no string "name"; give every tool a name`);
    }
  });
  return value as ToolDefinition[];
}

/**
 * Resolves a command-line path against the command's working directory.
 *
 * @param path - As written on the command line.
 * @param io - Holds the working directory.
 * @returns An absolute path.
 * @example
 * ```ts
 * resolvePath('log.jsonl', { ...io, cwd: '/repo' }); // '/repo/log.jsonl'
 * ```
 */
export function resolvePath(path: string, io: Pick<CliIo, 'cwd'>): string {
  return resolve(io.cwd, path);
}

function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}
