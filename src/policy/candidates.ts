/**
 * Candidates: the stretches of output that each hold one intended tool-call block. Calls whose
 * spans overlap, or are separated only by whitespace, `,` or `;` (a pythonic list
 * `[a(), b()]`, JSON objects on consecutive lines), form one candidate; prose between two calls
 * makes them two. The fallback gate counts candidates, not calls: one block of parallel calls
 * is one answer, two blocks in prose are two guesses (the playbook's "multiple candidates").
 */
import type { Format } from '../formats/format.js';
import type { Span } from '../types.js';
import { laneMarker, UnitIndex } from '../pipeline/marker-lanes.js';
import { startsAt } from '../starts-at.js';

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

/** How far past an issue's offset a marker that starts before it may reach. */
const MARKER_LOOKAHEAD = 64;

/**
 * Finds the format whose marker opened the section an issue was reported in; see
 * {@link createFormatNear}.
 */
export type FormatNear = (text: string, offset: number) => Format | undefined;

/**
 * Makes the lookup of the format whose marker opened the section an issue was reported in: the
 * format with a marker that starts closest before (or at) the offset, within 256 units
 * before it and ending at most 64 after it, so that many issues cannot make this quadratic. Of
 * formats with a marker at that same position, the first listed wins.
 *
 * The window is walked back once, each unit looked up among the markers starting with it: one
 * `lastIndexOf` per marker of every enabled format (a hundred in auto mode) made an output of
 * fifty thousand unreadable sections spend over half of its parse here.
 *
 * @param formats - The parser's formats, in priority order.
 * @returns The lookup: the format, or `undefined` when no marker is near.
 * @example
 * ```ts
 * createFormatNear([hermes])('<tool_call>oops</tool_call>', 11)?.id; // 'hermes'
 * ```
 */
export function createFormatNear(formats: readonly Format[]): FormatNear {
  // Made on first use: a stream makes its own gate, and most outputs have no unreadable section.
  let starts: MarkerStarts | undefined;
  return (text, offset) => {
    const { index, emptyRank } = (starts ??= markerStarts(formats));
    const first = Math.max(0, offset - MARKER_LOOKBACK);
    const end = Math.min(text.length, offset + MARKER_LOOKAHEAD);
    // The latest start a marker may have; an empty marker starts exactly there.
    const latest = Math.max(first, Math.min(offset, end));
    for (let at = latest; at >= first; at -= 1) {
      let rank = at === latest ? emptyRank : -1;
      const entries = index.get(text.charCodeAt(at));
      if (entries !== undefined) {
        for (const entry of entries) {
          if (rank !== -1 && entry.index >= rank) continue;
          if (at + entry.last >= end || text.charCodeAt(at + entry.last) !== entry.lastUnit)
            continue;
          if (startsAt(text, entry.marker, at)) rank = entry.index;
        }
      }
      if (rank !== -1) return formats[rank];
    }
    return undefined;
  };
}

/** The formats' markers by first unit, for {@link createFormatNear}. */
interface MarkerStarts {
  /** Each non-empty marker once, its entry's `index` the rank of the first format that has it. */
  index: UnitIndex;
  /** The rank of the first format with an empty marker (which occurs everywhere), or -1. */
  emptyRank: number;
}

/** Indexes each marker of `formats` once, under the rank of the first format that has it. */
function markerStarts(formats: readonly Format[]): MarkerStarts {
  const index = new UnitIndex();
  const seen = new Set<string>();
  let emptyRank = -1;
  formats.forEach((format, rank) => {
    for (const marker of format.markers) {
      if (seen.has(marker)) continue;
      seen.add(marker);
      if (marker === '') {
        if (emptyRank === -1) emptyRank = rank;
      } else {
        index.add(marker.charCodeAt(0), laneMarker(marker, rank));
      }
    }
  });
  return { index, emptyRank };
}
