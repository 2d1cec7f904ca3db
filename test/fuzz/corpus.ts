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

/**
 * Pieces of real outputs of one syntax, whole and cut in half, for property tests that build
 * texts from them.
 *
 * @param format - The syntax, by its id.
 * @param format.id - Its id.
 * @returns About 60 pieces, or `[]` when the corpus is not there.
 */
export function corpusPieces(format: { id: string }): string[] {
  const pieces: string[] = [];
  for (const entry of readCorpus()) {
    if (entry.format !== format.id) continue;
    const { input } = entry;
    pieces.push(input, input.slice(0, input.length >> 1), input.slice(input.length >> 1));
    if (pieces.length > 60) break;
  }
  return pieces;
}
