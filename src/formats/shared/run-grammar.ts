/**
 * Runs a peggy-generated parser on one section of the output, starting at an offset and stopping
 * where the section ends, without slicing the text (slicing per marker would make scanning
 * quadratic on outputs with many markers).
 */

/** The library-mode result of a peggy parser (peggy 5 `peg$library: true`). */
interface LibraryResult<T> {
  peg$result: T | object;
  peg$currPos: number;
  peg$FAILED: object;
  /** The furthest position where a (non-silent) expectation failed. */
  peg$maxFailPos: number;
}

/** Told of each grammar run: where it started and the furthest position it read. */
export type GrammarRunObserver = (start: number, furthest: number) => void;

let observer: GrammarRunObserver | undefined;

/**
 * Sets (or, with `undefined`, clears) the observer of grammar runs. A test hook: the sum of
 * `furthest - start` over one parse is the text its grammars read, a deterministic measure that
 * shows a scan growing faster than its input without timing anything.
 *
 * @param next - The observer, or `undefined`.
 */
export function observeGrammarRuns(next: GrammarRunObserver | undefined): void {
  observer = next;
}

/** The shape of a generated parser's `parse` function. */
export type GeneratedParse = (input: string, options?: Record<string, unknown>) => unknown;

/** A section read by a grammar: the AST of its start rule and where the grammar stopped. */
export interface GrammarMatch<T> {
  node: T;
  end: number;
}

/**
 * Parses `text` from `start` with a generated parser's start rule, without requiring the rule to
 * reach the end of the text.
 *
 * @param parse - The generated `parse` function.
 * @param text - The whole output (AST offsets come out absolute).
 * @param start - Where the section starts.
 * @param startRule - The grammar's start rule to use.
 * @returns The AST and the end offset, or `undefined` when the rule does not match at `start`.
 * @example
 * ```ts
 * import { parse } from '../../generated/hermes.js';
 * runGrammar<HermesSection>(parse, text, 12, 'Section');
 * ```
 */
export function runGrammar<T>(
  parse: GeneratedParse,
  text: string,
  start: number,
  startRule: string,
  options: Record<string, unknown> = {},
): GrammarMatch<T> | undefined {
  const result = parse(text, {
    ...options,
    startRule,
    peg$currPos: start,
    peg$library: true,
  }) as LibraryResult<T>;
  if (observer !== undefined) {
    observer(start, Math.max(result.peg$currPos, result.peg$maxFailPos));
  }
  if (result.peg$result === result.peg$FAILED) return undefined;
  return { node: result.peg$result as T, end: result.peg$currPos };
}

/**
 * Parses the whole of `text` with a start rule: the AST only when the rule reads all of it. For
 * text a stream builds to ask the grammar how it reads a piece (a value in a one-entry call), so
 * a grammar that throws on it (a stack overflow on hostile nesting) reads nothing there.
 *
 * @param parse - The generated `parse` function.
 * @param text - The text, read from its start.
 * @param startRule - The grammar's start rule to use.
 * @param options - Options the grammar reads (as for {@link runGrammar}).
 * @returns The AST, or `undefined` when the rule does not read exactly the whole text.
 * @example
 * ```ts
 * import { parse } from '../../generated/lfm2.js';
 * readWhole<Lfm2Section>(parse, '<|tool_call_start|>[f(k=1)]<|tool_call_end|>', 'Section');
 * ```
 */
export function readWhole<T>(
  parse: GeneratedParse,
  text: string,
  startRule: string,
  options: Record<string, unknown> = {},
): T | undefined {
  let matched: GrammarMatch<T> | undefined;
  try {
    matched = runGrammar<T>(parse, text, 0, startRule, options);
  } catch {
    return undefined;
  }
  return matched !== undefined && matched.end === text.length ? matched.node : undefined;
}
