/**
 * Reading the conformance corpus (`shared/conformance/*.jsonl`, described by its FORMAT.md):
 * one case per line, a model's raw output and the calls a correct parser extracts from it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

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
      files.push(...listCorpusFiles(entries.map((entry) => join(path, entry))).filter(Boolean));
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
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const first = lines[0] ?? {};
  if ('expect' in first)
    return { kind: 'json-suite', name, cases: lines as unknown as JsonSuiteCase[] };
  if (!('format' in first) && 'expected' in first) {
    return { kind: 'json-repair', name, cases: lines as unknown as JsonRepairCase[] };
  }
  return { kind: 'tool-calls', name, cases: lines as unknown as CorpusCase[] };
}
