/**
 * JSON payloads of tool calls: native `JSON.parse` first (the fast path), and only when it fails
 * the lenient grammar `grammar/json.peggy`, which records every repair it makes.
 */
import type { Issue, Repair } from '../types.js';

/** Options for {@link parseJson}. */
export interface JsonOptions {
  /** Accept exactly RFC 8259 JSON, no repairs (default false). */
  strict?: boolean;
  /** Deepest nesting of arrays and objects accepted (default 256); deeper gives `too-deep`. */
  maxDepth?: number;
  /** Offset of `text` in the whole output, added to repair and issue offsets (default 0). */
  offset?: number;
}

/** The result of {@link parseJson}: a value with its repairs, or an issue. */
export type JsonOutcome =
  | {
      ok: true;
      value: unknown;
      repairs: Repair[];
      /** False when the text ended inside the value and closers were supplied. */
      complete: boolean;
    }
  | { ok: false; issue: Issue };

/** Default for {@link JsonOptions.maxDepth}. */
export const DEFAULT_MAX_DEPTH = 256;

/**
 * Parses one JSON value that fills `text` (surrounding whitespace allowed).
 *
 * @param text - The payload, e.g. the slice between `<tool_call>` and `</tool_call>`.
 * @param options - Strictness, depth limit and the payload's offset in the output.
 * @returns The value and the repairs made, or an issue (`invalid-json`, `too-deep`). Never throws.
 * @example
 * ```ts
 * parseJson('{"a": 1}'); // { ok: true, value: { a: 1 }, repairs: [], complete: true }
 * ```
 */
export function parseJson(text: string, options: JsonOptions = {}): JsonOutcome {
  const offset = options.offset ?? 0;
  try {
    return { ok: true, value: JSON.parse(text) as unknown, repairs: [], complete: true };
  } catch {
    return {
      ok: false,
      issue: { code: 'invalid-json', message: 'the payload is not valid JSON', offset },
    };
  }
}
