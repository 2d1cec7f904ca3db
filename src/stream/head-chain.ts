/**
 * The calls a stream starts from their heads in one section, as a lowering reads them: the first
 * call's head, then, while a call's arguments end, the next one's (`Format.readNextCallHead`).
 * A lowering that cannot read the section names its refused calls by these, so that every call
 * a stream announced ends as `parse` gives it.
 */
import type { CallHead } from '../formats/format.js';
import type { CallArgumentsWriter } from './json-writer.js';

/**
 * The names of the calls a chain of heads announces, in order.
 *
 * @param first - The section's first head, as its format reads it.
 * @param argumentsEnd - Where a head's arguments end as the stream reads them (its writer, or a
 * scan proved to end them at the same unit), or `undefined` when they do not.
 * @param next - The head read where the previous call's arguments ended (`from`), given where
 * they started (`previous`): a lowering gives the text between as `PreviousCall.arguments`.
 * @returns The names, possibly none.
 * @example
 * ```ts
 * chainedHeadNames(readGemmaHead(GEMMA4_SYNTAX, text, 0), (head) => head.argumentsStart + 5, readNext);
 * ```
 */
export function chainedHeadNames(
  first: CallHead | 'wait' | undefined,
  argumentsEnd: (head: CallHead) => number | undefined,
  next: (from: number, previous: number) => CallHead | 'wait' | undefined,
): string[] {
  return chainedHeads(first, argumentsEnd, next).map((head) => head.name);
}

/**
 * The heads a chain announces, in order, as {@link chainedHeadNames} reads them: for a syntax
 * whose calls carry their own ids, which a lowering that refuses them must keep.
 *
 * @param first - The section's first head.
 * @param argumentsEnd - Where a head's arguments end, or `undefined` when they do not.
 * @param next - The head read where the previous call's arguments ended.
 * @returns The heads, possibly none.
 */
export function chainedHeads(
  first: CallHead | 'wait' | undefined,
  argumentsEnd: (head: CallHead) => number | undefined,
  next: (from: number, previous: number) => CallHead | 'wait' | undefined,
): CallHead[] {
  const heads: CallHead[] = [];
  let head = first;
  while (typeof head === 'object') {
    heads.push(head);
    const end = argumentsEnd(head);
    if (end === undefined) break;
    head = next(end, head.argumentsStart);
  }
  return heads;
}

/** Units the writer is fed at a time: the rest of a long block is not copied for every call. */
const PIECE = 4096;

/**
 * Feeds `writer` the text from `start` until it finishes, stalls or the text ends.
 *
 * @param writer - A fresh writer of the call's arguments (one that reports `readLength`).
 * @param text - The text, ending where the section does.
 * @param start - Where the arguments start (the head's `argumentsStart`).
 * @returns Where the arguments end (just past their last unit), or `undefined` when the writer
 * did not finish them.
 * @example
 * ```ts
 * argumentsEnd(createPythonCallWriter(DEFAULT_LIMITS), 'f(a=1), g(', 2); // 6
 * ```
 */
export function argumentsEnd(
  writer: CallArgumentsWriter,
  text: string,
  start: number,
): number | undefined {
  for (let at = start; writer.state === 'open' && at < text.length; at += PIECE) {
    writer.write(text.slice(at, at + PIECE));
  }
  return writer.state === 'done' && writer.readLength !== undefined
    ? start + writer.readLength
    : undefined;
}

/**
 * A next head, unless the previous call's arguments hold the section's end token (inside a
 * string, which its writer reads on): a section its grammar cannot read ends at the first such
 * token, so the calls after it may not be the section's (so too for a token at which the grammar
 * cuts a payload and begins another call). Looked at once the head is read (a head answers once,
 * while the text before it may be read again on every push).
 *
 * @param head - The head read after the previous call.
 * @param previousArguments - The previous call's arguments (see `PreviousCall.arguments`).
 * @param stops - The section's end token, or the tokens that end the chain.
 * @returns `head`, or `undefined` when such a token came inside the previous call.
 * @example
 * ```ts
 * headAfterCall(head, 'a:<|"|><tool_call|><|"|>}', '<tool_call|>'); // undefined
 * ```
 */
export function headAfterCall(
  head: CallHead | 'wait' | undefined,
  previousArguments: string,
  stops: string | readonly string[],
): CallHead | 'wait' | undefined {
  if (typeof head !== 'object') return head;
  if (typeof stops === 'string') return previousArguments.includes(stops) ? undefined : head;
  for (const stop of stops) if (previousArguments.includes(stop)) return undefined;
  return head;
}
