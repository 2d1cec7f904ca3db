/**
 * Reading the conformance corpus (`shared/conformance/*.jsonl`, described by its FORMAT.md):
 * one case per line, a model's raw output and the calls a correct parser extracts from it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { appendAll } from '../append.js';

/** A tool-call case. */
export interface CorpusCase {
  id: string;
  format: string;
  input: string;
  tools?: { name: string; description?: string; parameters?: Record<string, unknown> }[];
  expected: {
    calls: { name: string; arguments: Record<string, unknown> }[];
    content: string | null;
  };
  notes?: string;
}

/** A JSONTestSuite case: strict JSON must accept or reject it (`either`: implementation-defined). */
export interface JsonSuiteCase {
  id: string;
  input: string;
  expect: 'accept' | 'reject' | 'either';
}

/** A jsonrepair case: the repaired value, or `{ error: true }` when it cannot be repaired. */
export interface JsonRepairCase {
  id: string;
  input: string;
  expected: unknown;
}

/** The cases of one corpus file, recognised by their line shape. */
export type CorpusFile =
  | { kind: 'tool-calls'; name: string; cases: CorpusCase[] }
  | { kind: 'json-suite'; name: string; cases: JsonSuiteCase[] }
  | { kind: 'json-repair'; name: string; cases: JsonRepairCase[] };

/**
 * Lists the `.jsonl` files under the given files and folders (folders recursively), sorted.
 *
 * @param paths - Files or folders.
 * @returns File paths.
 */
export function listCorpusFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    if (statSync(path).isDirectory()) {
      const entries = readdirSync(path).sort();
      appendAll(files, listCorpusFiles(entries.map((entry) => join(path, entry))).filter(Boolean));
    } else if (path.endsWith('.jsonl')) {
      files.push(path);
    }
  }
  return files;
}

/**
 * Reads one corpus file.
 *
 * @param path - A `.jsonl` file.
 * @param name - How the file is named in reports (default: its base name).
 * @returns Its cases with the file's kind.
 */
export function readCorpusFile(path: string, name = basename(path)): CorpusFile {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
  const first = lines[0] ?? {};
  const kind: CorpusFile['kind'] = !isObject(first)
    ? 'tool-calls'
    : 'expect' in first
      ? 'json-suite'
      : !('format' in first) && 'expected' in first
        ? 'json-repair'
        : 'tool-calls';
  // Every case is checked here, so the runner reads only the fields it needs, present.
  lines.forEach((line, index) => {
    const missing = missingField(kind, line);
    if (missing !== undefined) {
      throw new TypeError(`line ${index + 1}: a ${kind} case needs ${missing}`);
    }
  });
  if (kind === 'json-suite') return { kind, name, cases: lines as JsonSuiteCase[] };
  if (kind === 'json-repair') return { kind, name, cases: lines as JsonRepairCase[] };
  return { kind, name, cases: lines as CorpusCase[] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a case of `kind` needs that `line` lacks (or holds with the wrong type), if anything. */
function missingField(kind: CorpusFile['kind'], line: unknown): string | undefined {
  if (!isObject(line)) return 'to be a JSON object';
  if (typeof line['input'] !== 'string') return 'a string "input"';
  if (kind === 'json-suite') {
    return ['accept', 'reject', 'either'].includes(line['expect'] as string)
      ? undefined
      : '"expect": accept, reject or either';
  }
  if (kind === 'json-repair') return 'expected' in line ? undefined : '"expected"';
  if (typeof line['format'] !== 'string') return 'a string "format"';
  const expected = line['expected'];
  if (!isObject(expected)) return 'an "expected" object';
  if (!Array.isArray(expected['calls'])) return 'an "expected.calls" list';
  const content = expected['content'];
  if (content !== null && typeof content !== 'string')
    return '"expected.content": a string or null';
  if (line['tools'] !== undefined && !Array.isArray(line['tools'])) return '"tools" as a list';
  return undefined;
}
