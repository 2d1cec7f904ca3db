/**
 * The lowering of a call block written as a flat run of tags and text (minimax_m3's block,
 * kimi_k3's tools channel): the grammar reads the pieces in order, and this pairs each call's
 * open tag with its close, hands the pieces between to the syntax's reader of one call, and
 * applies the block's own rules: a call opened inside another closes it (the close tag was left
 * out), text outside the calls that is not blank refuses every call of the block by name, a block
 * with no call is an issue, and each call records how its block ended.
 */
import type { FormatId, Issue, Repair } from '../../types.js';
import type { RawCall } from '../format.js';
import { malformed } from './issues.js';
import { refusedCall } from './refused-call.js';

/** How a call ended: at its close tag, where the next call or the block's end implied it, or cut. */
export type CallEnding = 'closed' | 'implied' | 'cut';

/**
 * How a block ended: at its close tag, at the end of the output (`cut`), or where something else
 * began (`implicit`).
 */
export type BlockEnding = 'closed' | 'cut' | 'implicit';

/** The syntax's reader of one call, fed the pieces between its open and close tags. */
export interface CallPieceReader<Piece> {
  take(piece: Piece): void;
  /**
   * The call the pieces became: refused as `malformed` where they cannot be read, or only an
   * issue where it names no tool.
   */
  finish(ending: CallEnding, end: number): { call?: RawCall; issue?: Issue };
}

/** What a syntax tells the block reader. */
export interface TagBlockSyntax<Part, Open extends Part> {
  format: FormatId;
  /** The block's open tag, as messages quote it. */
  openTag: string;
  /** The block's close tag, as the implicit-close repair names it. */
  closeTag: string;
  /** What a block holding no call is told (`the <tool_call> block holds no <invoke>`). */
  noCall: string;
  /** What text outside the calls is told (`unexpected text in <tool_call>`). */
  junk: string;
  opensCall(part: Part): part is Open;
  /** Where a part that closes the open call ends; `undefined` for any other part. */
  closeEnd(part: Part): number | undefined;
  /** Text made of blanks only (the layout between tags). */
  isBlank(part: Part): boolean;
  /** The reader of the call `open` opens (fed no call's open tag: another one ends the call). */
  readCall(open: Open): CallPieceReader<Exclude<Part, Open>>;
}

/**
 * Reads a block's calls.
 *
 * @param block - The block: where it starts and ends, its pieces, how it ended.
 * @param syntax - The syntax's tags, messages and reader of one call.
 * @returns The calls (each refused by name where the block holds junk) and the issues.
 */
export function lowerTagBlock<Part extends { start: number }, Open extends Part>(
  block: { start: number; end: number; parts: readonly Part[]; close: BlockEnding },
  syntax: TagBlockSyntax<Part, Open>,
): { calls: RawCall[]; issues: Issue[] } {
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  // The first text or tag outside a call that is not blank: the block is not what it looks like.
  let junk: Issue | undefined;
  let opened = 0;
  let reader: CallPieceReader<Exclude<Part, Open>> | undefined;
  const settle = (
    current: CallPieceReader<Exclude<Part, Open>>,
    ending: CallEnding,
    end: number,
  ): void => {
    const lowered = current.finish(ending, end);
    if (lowered.call !== undefined) calls.push(lowered.call);
    if (lowered.issue !== undefined) issues.push(lowered.issue);
    reader = undefined;
  };
  for (const part of block.parts) {
    if (syntax.opensCall(part)) {
      // A call opened inside another: the first one's close tag was left out.
      if (reader !== undefined) settle(reader, 'implied', part.start);
      reader = syntax.readCall(part);
      opened += 1;
    } else if (reader !== undefined) {
      const closed = syntax.closeEnd(part);
      // Not a call's open tag, as the test above said.
      if (closed === undefined) reader.take(part as Exclude<Part, Open>);
      else settle(reader, 'closed', closed);
    } else if (junk === undefined && !syntax.isBlank(part)) {
      junk = malformed(syntax.junk, part.start);
      issues.push(junk);
    }
  }
  const cut = block.close === 'cut';
  if (reader !== undefined) settle(reader, cut ? 'cut' : 'implied', block.end);
  if (opened === 0 && junk === undefined) {
    issues.push(
      cut
        ? {
            code: 'incomplete-tool-call',
            message: `the output ended after ${syntax.openTag}`,
            offset: block.start,
          }
        : malformed(syntax.noCall, block.start),
    );
  }
  for (let index = 0; index < calls.length; index += 1) {
    const call = calls[index] as RawCall;
    if (junk !== undefined && call.malformed === undefined) {
      // The block is not what it looks like: no call of it runs, but each is refused by name, so
      // that the model learns which of its calls to write again.
      calls[index] = refusedCall(call.name, syntax.format, call.span, junk, call.repairs);
      continue;
    }
    if (!call.complete) continue;
    if (cut) call.repairs.push({ kind: 'missing-end-marker', offset: block.end });
    if (block.close === 'implicit') {
      call.repairs.push({ kind: 'implicit-close-tag', offset: block.end, detail: syntax.closeTag });
    }
  }
  return { calls, issues };
}

/**
 * The call a reader of one call read, or its refusal: refused as `malformed` by name (with the
 * problem as its issue) where the reader found one, else the call with its arguments, a call whose
 * close tag was implied recording the repair.
 *
 * @param read - The call's name, format, span, repairs so far and how it ended.
 * @param read.name - The tool the call names.
 * @param read.format - The call's format.
 * @param read.span - The call's span.
 * @param read.repairs - The repairs made reading it (the implied close tag is added here).
 * @param read.ending - How the call ended.
 * @param read.closeTag - The call's close tag, as the repair names it.
 * @param problem - The problem found, if any.
 * @param args - Its arguments, asked only when there is no problem.
 * @returns The call, and the issue when it is refused.
 */
export function endCall(
  read: {
    name: string;
    format: FormatId;
    span: { start: number; end: number };
    repairs: Repair[];
    ending: CallEnding;
    closeTag: string;
  },
  problem: Issue | undefined,
  args: () => Record<string, unknown>,
): { call: RawCall; issue?: Issue } {
  const { name, format, span, repairs, ending } = read;
  const complete = ending !== 'cut';
  if (problem !== undefined) {
    return { call: refusedCall(name, format, span, problem, repairs, complete), issue: problem };
  }
  if (ending === 'implied') {
    repairs.push({ kind: 'implicit-close-tag', offset: span.end, detail: read.closeTag });
  }
  return { call: { name, arguments: args(), format, span, repairs, complete } };
}
