/**
 * Candidates: the stretches of output that each hold one intended tool-call block. Calls whose
 * spans overlap, or are separated only by whitespace, `,` or `;` (a pythonic list
 * `[a(), b()]`, JSON objects on consecutive lines), form one candidate; prose between two calls
 * makes them two. The fallback gate counts candidates, not calls: one block of parallel calls
 * is one answer, two blocks in prose are two guesses (the playbook's "multiple candidates").
 */
import type { Format } from '../formats/format.js';
import type { Span } from '../types.js';

/** One candidate: where it is and how many calls it holds. */
export interface Candidate {
  span: Span;
  calls: number;
}

/**
 * Groups spans (in output order) into candidates.
 *
 * @param text - The whole output.
 * @param spans - The calls' spans, in order of position.
 * @returns For each span, the index of its candidate; and the candidates.
 * @example
 * ```ts
 * groupCandidates('[a(), b()] and c()', [{ start: 1, end: 4 }, { start: 6, end: 9 }, { start: 15, end: 18 }]).candidates.length; // 2
 * ```
 */
export function groupCandidates(text: string, spans: readonly Span[]): CandidateGroups {
  // No fallback call (the usual output): one shared, frozen, empty grouping.
  if (spans.length === 0) return NO_GROUPS;
  const of: number[] = [];
  const candidates: Candidate[] = [];
  for (const span of spans) {
    const last = candidates[candidates.length - 1];
    if (last !== undefined && joins(text, last.span.end, span.start)) {
      last.span = { start: last.span.start, end: Math.max(last.span.end, span.end) };
      last.calls += 1;
    } else {
      candidates.push({ span: { ...span }, calls: 1 });
    }
    of.push(candidates.length - 1);
  }
  return { of, candidates };
}

/** Each fallback span's candidate (`of`), and the candidates. */
export interface CandidateGroups {
  readonly of: readonly number[];
  readonly candidates: readonly Candidate[];
}

const NO_GROUPS: CandidateGroups = Object.freeze({
  of: Object.freeze([]),
  candidates: Object.freeze([]),
});

/**
 * Whether a UTF-16 unit may stand between two calls of one candidate: white space, `,` or `;`.
 * Parse and the stream both decide with it, so they group calls alike.
 *
 * @param code - The unit.
 * @returns True for a separator.
 */
export function isCallSeparator(code: number): boolean {
  return (
    code === 0x20 ||
    code === 0x0a ||
    code === 0x0d ||
    code === 0x09 ||
    code === 0x2c ||
    code === 0x3b
  );
}

/** True when the text between two calls is only separators (or they overlap). */
function joins(text: string, end: number, start: number): boolean {
  for (let index = end; index < start; index += 1) {
    if (!isCallSeparator(text.charCodeAt(index))) return false;
  }
  return true;
}

/** How far back from an issue's offset its format's marker may be (the marker precedes the payload). */
const MARKER_LOOKBACK = 256;

/**
 * Finds the format whose marker opened the section an issue was reported in: the enabled format
 * with a marker closest before (or at) the offset, looking back a bounded distance so that many
 * issues cannot make this quadratic.
 *
 * @param text - The whole output.
 * @param offset - The offset.
 * @param formats - The parser's formats.
 * @returns The format, or `undefined` when no marker is near.
 * @example
 * ```ts
 * formatNear('<tool_call>oops</tool_call>', 11, [hermes])?.id; // 'hermes'
 * ```
 */
export function formatNear(
  text: string,
  offset: number,
  formats: readonly Format[],
): Format | undefined {
  const from = Math.max(0, offset - MARKER_LOOKBACK);
  const window = text.slice(from, offset + 64);
  const at = offset - from;
  let best: { format: Format; position: number } | undefined;
  for (const format of formats) {
    for (const marker of format.markers) {
      const position = window.lastIndexOf(marker, at);
      if (position !== -1 && (best === undefined || position > best.position))
        best = { format, position };
    }
  }
  return best?.format;
}
