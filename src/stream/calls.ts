/**
 * Tool-call events: a call started early from its head (name known, arguments streaming through
 * the canonical-JSON writer), and the calls of a finished section, reconciled with what was
 * already sent. Events are final, so a started call whose section turns out different is ended
 * with a `malformed` rejection, never silently changed.
 */
import type { ExtractedCall } from '../pipeline/extract.js';
import { createOwnIds, drawUnique, type OwnIds } from '../ids.js';
import type { CallFormat, RejectedCall, Span, StreamEvent, ToolCall } from '../types.js';
import { abandonedEnvelope } from '../policy/envelope.js';
import { createHeldText, type HeldText } from './held-text.js';
import { restRewritingKeys } from './rewritten-keys.js';
import { createCallArgumentsWriter, type CallArgumentsWriter } from './json-writer.js';
import { startsAt } from '../starts-at.js';
import { skipBlanks } from '../formats/shared/blanks.js';
import { CLOSE_BRACE } from '../json/char-codes.js';

/** Phase 2's answer for one call. */
export type Verdict =
  { accepted: true; call: ToolCall } | { accepted: false; rejection: RejectedCall };

/** Decides one call (phase 2, drawing its id from the stream's pool when it needs one). */
export type DecideCall = (call: ExtractedCall) => Verdict;

/** A call whose start was sent before its section ended. */
export interface StartedCall {
  id: string;
  /** The id the format gave the call, when it gave one. */
  ownId: string | undefined;
  name: string;
  format: CallFormat;
  /** Where its section started (for the rejection's span if the section vanishes). */
  start: number;
  writer: CallArgumentsWriter;
  /** The section's held text, which holds the raw arguments from {@link rawStart} on. */
  raw: HeldText;
  /** Where the writer's input starts in {@link raw}. */
  rawStart: number;
  /** The end markers of its format (see {@link writtenWhole}). */
  ends: readonly string[];
  /** Units of canonical JSON sent so far in its deltas. */
  sentLength: number;
  /**
   * What was sent, kept in blocks (a string grown by `+=` one unit at a time is a rope of about
   * 30 bytes a unit, whose flattening at the end is slow); undefined while the writer wrote the
   * raw text as it came, so that what was sent is the raw text's first units and no copy of it
   * is made (compact JSON: a second held text cost a tenth of a long call's pushes).
   */
  copy: HeldText | undefined;
}

/**
 * Ids a stream hands out: peeked for a call that may be rejected, taken when one is accepted; and
 * the ids the model wrote itself, claimed in output order as `parse` claims them.
 */
export interface IdPool {
  /**
   * The id the `ahead`-th next call without its own will take (0: the next one), drawn now and
   * reserved until taken: a section's second started call names the id after its first's.
   */
  peek(ahead?: number): string;
  take(): string;
  readonly own: OwnIds;
}

/**
 * Creates an id pool over the parser's generator. Phase 2 draws an id only for a call it needs
 * one for; a stream must name a call before that, so it peeks and lets phase 2 take.
 *
 * @param next - The parser's id generator.
 * @returns The pool.
 * @example
 * ```ts
 * const ids = createIdPool(createIdGenerator('sequential'));
 * ids.peek(); // 'call_0'
 * ids.take(); // 'call_0'
 * ids.peek(); // 'call_1'
 * ```
 */
export function createIdPool(next: () => string): IdPool {
  // Ids drawn for start events and not yet taken by phase 2, in the order they will be taken:
  // those from `first` on. Taken by moving `first`, not by `shift`, which moves every id after
  // it: a section of thousands of calls started early peeks thousands ahead.
  let reserved: string[] = [];
  let first = 0;
  // Generated ids are drawn around the ids the model wrote, in output order, as parse draws them.
  const own = createOwnIds();
  return {
    own,
    peek(ahead = 0) {
      while (reserved.length - first <= ahead) reserved.push(drawUnique(next, own));
      return reserved[first + ahead] as string;
    },
    take() {
      if (first === reserved.length) return drawUnique(next, own);
      const id = reserved[first] as string;
      first += 1;
      if (first === reserved.length) {
        reserved = [];
        first = 0;
      } else if (first >= 1024 && first * 2 >= reserved.length) {
        // Taken ids are dropped once they are half the array: each id is copied at most once more.
        reserved = reserved.slice(first);
        first = 0;
      }
      return id;
    },
  };
}

/**
 * Starts a call from its head.
 *
 * @param head - Name, own id, format and section start; where its raw arguments are.
 * @param head.name - The call's name.
 * @param head.ownId - The format's own id, if any.
 * @param head.format - The call's format.
 * @param head.start - Absolute start of its section.
 * @param head.raw - The section's held text.
 * @param head.rawStart - Where the arguments start in it.
 * @param head.ends - The end markers of its format.
 * @param head.stops - Where its syntax ends the arguments' text (see `CallHead.stops`).
 * @param head.writer - The writer of arguments not written as JSON (see `CallHead.writer`).
 * @param head.queued - Calls of its section started before it and not decided yet, whose ids
 * come first.
 * @param index - The call's index in the stream.
 * @param ids - The stream's id pool.
 * @param maxDepth - Nesting limit for the writer.
 * @param out - Events are pushed here.
 * @returns The started call.
 */
export function startCall(
  head: {
    name: string;
    ownId: string | undefined;
    format: CallFormat;
    start: number;
    raw: HeldText;
    rawStart: number;
    ends: readonly string[];
    stops?: readonly string[] | undefined;
    writer?: CallArgumentsWriter | undefined;
    queued?: number;
  },
  index: number,
  ids: IdPool,
  maxDepth: number,
  out: StreamEvent[],
): StartedCall {
  // Phase 2 claims the own id when the call is decided; nothing is claimed between the two.
  const id = head.ownId === undefined ? ids.peek(head.queued) : ids.own.peek(head.ownId);
  out.push({ type: 'tool-call-start', id, index, name: head.name });
  return {
    id,
    ownId: head.ownId,
    name: head.name,
    format: head.format,
    start: head.start,
    writer: head.writer ?? createCallArgumentsWriter(maxDepth, head.stops),
    raw: head.raw,
    rawStart: head.rawStart,
    ends: head.ends,
    sentLength: 0,
    copy: undefined,
  };
}

/**
 * Feeds raw argument text to a started call and sends what became certain.
 *
 * @param call - The started call.
 * @param text - Raw text of its arguments.
 * @param out - Events are pushed here.
 */
export function feedCall(call: StartedCall, text: string, out: StreamEvent[]): void {
  const event = extendCall(call, text, -1);
  if (event !== undefined) out.push(event);
}

/**
 * Feeds raw argument text to a started call, returning the delta event of what became certain
 * (for the stream's hot path, which returns it in a one-element array).
 *
 * @param call - The started call.
 * @param text - Raw text of its arguments.
 * @param unit - `text.charCodeAt(0)` when the caller read it (`text` is one unit), else -1.
 * @returns The event, or `undefined` when nothing became certain.
 */
export function extendCall(call: StartedCall, text: string, unit: number): StreamEvent | undefined {
  // A writer that is done or stalled writes nothing.
  const writer = call.writer;
  const delta = unit === -1 ? writer.write(text) : writer.writeUnit(unit, text);
  if (delta === '') return undefined;
  if (call.copy !== undefined || !writer.verbatim) keepSent(call, delta);
  call.sentLength += delta.length;
  return { type: 'tool-call-delta', id: call.id, argumentsDelta: delta };
}

/**
 * Keeps what a started call sends once it is no longer the raw text's first units (out of line:
 * the stream's per-push path stays small enough for V8 to inline).
 */
function keepSent(call: StartedCall, delta: string): void {
  // What was sent before this delta is still the raw text's first units: copied once.
  call.copy ??= createHeldText(sentText(call));
  call.copy.append(delta);
}

/**
 * Sends the events of one extracted call: completes the started call when it is that call, else
 * start, one delta and end.
 *
 * @param call - The extracted call.
 * @param started - The call started early from this section, not yet ended.
 * @param context - Phase 2, the id pool, the next index, the events.
 * @param context.decide - Phase 2 for one call.
 * @param context.ids - The stream's id pool.
 * @param context.index - The index the call gets if it needs a new start.
 * @param context.out - Events are pushed here.
 * @returns `'reconciled'` when the started call was this call (now ended, no new start sent),
 * `'abandoned'` when the started call was ended as malformed and this call sent in full,
 * `'plain'` when there was no started call.
 */
export function emitCall(
  call: ExtractedCall,
  started: StartedCall | undefined,
  context: { decide: DecideCall; ids: IdPool; index: number; out: StreamEvent[] },
): 'reconciled' | 'abandoned' | 'plain' {
  const { out } = context;
  if (started !== undefined) {
    const sameCall = call.name === started.name && call.id === started.ownId;
    const canonical =
      (sameCall ? writtenWhole(call, started) : undefined) ?? JSON.stringify(call.arguments);
    // Compared where it is kept: joining what was sent would copy it only to compare it.
    const prefix = sameCall && sentIsPrefixOf(started, canonical);
    if (sameCall && !prefix && sentSameValue(started, canonical)) {
      // A key written twice, or an array-index key after others: the deltas spell the value in
      // the order written, which `JSON.stringify` reorders or merges, and they read back as the
      // same arguments. The call is the same call; ending it as another would make the stream
      // disagree with parse.
      out.push(endEvent(started.id, context.decide(call)));
      return 'reconciled';
    }
    if (prefix) {
      const verdict = context.decide(call);
      const sentLength = started.sentLength;
      if (canonical.length > sentLength) {
        out.push({
          type: 'tool-call-delta',
          id: started.id,
          argumentsDelta: canonical.slice(sentLength),
        });
      }
      out.push(endEvent(started.id, verdict));
      return 'reconciled';
    }
    const verdict = context.decide(call);
    if (sameCall && !verdict.accepted) {
      // The call is refused whatever its arguments (too deep, invalid...): the started call ends
      // with that refusal, as parse gives it, though its deltas spelled them in another order or
      // stopped short. Ended as malformed and sent again, the fold held one rejection more.
      out.push(endEvent(started.id, verdict));
      return 'reconciled';
    }
    if (sameCall && started.writer.state === 'stalled') {
      // The writer stopped at text strict JSON does not allow, before a key written twice or an
      // array-index key changed what it had sent: the rest rewrites the keys (rewritten-keys.ts).
      const rest = restRewritingKeys(sentText(started), call.arguments, canonical);
      if (rest !== undefined) {
        out.push({ type: 'tool-call-delta', id: started.id, argumentsDelta: rest });
        out.push(endEvent(started.id, verdict));
        return 'reconciled';
      }
    }
    abandonCall(started, call.span, out);
    return sendWhole(call, verdict, context, 'abandoned');
  }
  return sendWhole(call, context.decide(call), context, 'plain');
}

/** Sends a decided call as one start, one delta and its end. */
function sendWhole(
  call: ExtractedCall,
  verdict: Verdict,
  context: { ids: IdPool; index: number; out: StreamEvent[] },
  outcome: 'abandoned' | 'plain',
): 'abandoned' | 'plain' {
  const { out, ids } = context;
  const id = verdict.accepted ? verdict.call.id : (verdict.rejection.id ?? call.id ?? ids.peek());
  const argumentsValue = verdict.accepted ? verdict.call.arguments : call.arguments;
  out.push({ type: 'tool-call-start', id, index: context.index, name: call.name });
  out.push({ type: 'tool-call-delta', id, argumentsDelta: JSON.stringify(argumentsValue) });
  out.push(endEvent(id, verdict));
  return outcome;
}

/**
 * Whether a started call's deltas spell its whole arguments, in another order or with a key
 * merged: the writer finished the value, and what it sent reads back as the same JSON.
 */
function sentSameValue(started: StartedCall, canonical: string): boolean {
  if (started.writer.state !== 'done') return false;
  try {
    return JSON.stringify(JSON.parse(sentText(started))) === canonical;
  } catch {
    return false;
  }
}

/**
 * The canonical JSON of a call's arguments, when the started call's writer already proved it is
 * the raw arguments text (which it sent): spares writing them again with `JSON.stringify` and
 * comparing, a JSON.parse's worth of work at the end of a long call. Proved when
 * - the writer read a whole value, strict JSON written as `JSON.stringify` writes it with no key
 *   it would reorder or merge (`verbatim`, `plainKeys`): that text is `JSON.stringify` of its
 *   `JSON.parse`;
 * - after it the section holds only a `}`, blanks and the end marker: the head the call was
 *   started from (`{"name": ..., "<arguments field>": `, strict JSON) and these arguments make up
 *   the whole payload, a call object with no other field;
 * - the call was read without a repair and is not malformed: its arguments are that field of the
 *   payload's `JSON.parse`, as they were read.
 *
 * @returns The arguments' text, or undefined when it is not proved.
 */
function writtenWhole(call: ExtractedCall, started: StartedCall): string | undefined {
  const writer = started.writer;
  if (writer.state !== 'done' || !writer.verbatim || !writer.plainKeys) return undefined;
  if (started.copy !== undefined || call.repairs.length > 0 || call.malformed !== undefined) {
    return undefined;
  }
  const text = started.raw.text();
  const end = started.rawStart + started.sentLength;
  const sectionEnd = call.span.end - started.start;
  let index = skipBlanks(text, end, sectionEnd);
  if (index >= sectionEnd || text.charCodeAt(index) !== CLOSE_BRACE) return undefined;
  index = skipBlanks(text, index + 1, sectionEnd);
  for (const marker of started.ends) {
    if (index + marker.length === sectionEnd && startsAt(text, marker, index)) {
      return text.slice(started.rawStart, end);
    }
  }
  return undefined;
}

/** What a started call sent so far, joined. */
function sentText(call: StartedCall): string {
  if (call.copy !== undefined) return call.copy.text();
  // Sliced, not read whole: a call of a long section copies what it sent once it stops sending
  // the raw text as it is, and a whole join there would cost the section once per call.
  return call.raw.slice(call.rawStart, call.rawStart + call.sentLength);
}

/** Whether `text` starts with what a started call sent, compared where it is kept. */
function sentIsPrefixOf(call: StartedCall, text: string): boolean {
  if (call.copy !== undefined) return call.copy.isPrefixOf(text);
  const length = call.sentLength;
  if (length > text.length) return false;
  // Two slices of flat strings (the held text was just read whole): no copy, one native compare.
  return text.slice(0, length) === call.raw.text().slice(call.rawStart, call.rawStart + length);
}

/**
 * Ends a started call whose section did not give it back (the text after its head made the
 * section read differently): a `malformed` rejection, since its start was already sent.
 *
 * @param started - The started call.
 * @param span - The section's span.
 * @param out - Events are pushed here.
 */
export function abandonCall(started: StartedCall, span: Span, out: StreamEvent[]): void {
  const rejection: RejectedCall = {
    name: started.name,
    format: started.format,
    span,
    reason: 'malformed',
    envelope: abandonedEnvelope(started.name),
    repairs: [],
  };
  out.push({ type: 'tool-call-end', id: started.id, rejection });
}

function endEvent(id: string, verdict: Verdict): StreamEvent {
  return verdict.accepted
    ? { type: 'tool-call-end', id, call: verdict.call }
    : { type: 'tool-call-end', id, rejection: verdict.rejection };
}
