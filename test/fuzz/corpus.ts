/**
 * The shared conformance corpus, read at test time from `../shared/conformance/*.jsonl` (never
 * copied into the repository). When the folder is missing every reader returns nothing, so the
 * tests that use it skip instead of failing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ToolDefinition } from '../../src/index.js';

/** Where the corpus lives: `CONFORMANCE_DIR`, else the shared folder beside the repository. */
export const CORPUS_DIR = resolve(
  process.env['CONFORMANCE_DIR'] ?? join(import.meta.dirname, '../../../shared/conformance'),
);

/** One tool-call case of the corpus (the fields the fuzz tests use). */
export interface CorpusCase {
  id: string;
  format: string;
  input: string;
  tools?: ToolDefinition[];
  expected?: { calls?: { name: string; arguments: Record<string, unknown> }[] };
}

let cached: CorpusCase[] | undefined;

/**
 * Reads every tool-call case of the corpus (the `json/` folder is JSON repair cases, not read).
 *
 * @returns The cases in file order, or `[]` when the corpus is not there.
 */
export function readCorpus(): CorpusCase[] {
  if (cached !== undefined) return cached;
  cached = [];
  if (!existsSync(CORPUS_DIR)) return cached;
  for (const name of readdirSync(CORPUS_DIR).sort()) {
    if (!name.endsWith('.jsonl')) continue;
    for (const line of readFileSync(join(CORPUS_DIR, name), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const entry = JSON.parse(line) as Partial<CorpusCase>;
      if (typeof entry.input === 'string' && typeof entry.format === 'string') {
        cached.push(entry as CorpusCase);
      }
    }
  }
  return cached;
}
