/**
 * Lowering of harmony sections: a message addressed to a tool becomes a call, `analysis` becomes
 * reasoning, `final` and recipient-less `commentary` (the preamble) become content.
 */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import type { HarmonyHeaderPart, HarmonyMessage, HarmonySection, HarmonyWord } from './ast.js';

/** What a message's header says, read from its words. */
export interface Header {
  role: string | undefined;
  channel: string | undefined;
  recipient: string | undefined;
}

/**
 * Lowers a harmony message (a section of its own) to a section.
 *
 * @param message - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its call, content or reasoning; ending the output after `<|call|>`.
 */
export function lowerHarmony(
  message: HarmonySection,
  end: number,
  context: FormatContext,
): Section {
  const section: Section = { start: message.start, end, calls: [], issues: [] };
  // After <|call|>, a stop token, the rest of the output is not part of this turn.
  if (message.body?.end.kind === 'call') section.endsOutput = true;
  const body =
    message.body === null ? '' : context.text.slice(message.body.text.start, message.body.text.end);
  return match(messageKind(readHeader(message.parts, context.text)))
    .with({ kind: 'dropped' }, () => section)
    .with({ kind: 'call' }, ({ name }) => {
      const read = lowerCall(message, name, context);
      if ('call' in read) section.calls.push(read.call);
      if (read.issue !== undefined) section.issues.push(read.issue);
      return section;
    })
    .with({ kind: 'reasoning' }, { kind: 'content' }, ({ kind }) => {
      if (body !== '') section[kind] = body;
      return section;
    })
    .exhaustive();
}

/** What a message is to this turn, as its header says. */
export type MessageKind =
  | { kind: 'call'; name: string }
  | { kind: 'reasoning' }
  | { kind: 'content' }
  | { kind: 'dropped' };

/**
 * What a message is: from another role it is a tool's result the model wrote itself, not this
 * turn's (dropped); addressed to a tool it is a call (a recipient `functions.NAME` calls `NAME`,
 * possibly empty); else `analysis` is reasoning and any other channel content. The lowering and
 * the stream's head readers ask this one question.
 *
 * @param header - The message's header.
 * @returns The message's kind.
 */
export function messageKind(header: Header): MessageKind {
  if (header.role !== undefined && header.role !== 'assistant') return { kind: 'dropped' };
  const { recipient } = header;
  if (recipient !== undefined && recipient !== 'assistant') {
    const name = recipient.startsWith(FUNCTIONS) ? recipient.slice(FUNCTIONS.length) : recipient;
    return { kind: 'call', name };
  }
  return { kind: header.channel === 'analysis' ? 'reasoning' : 'content' };
}

const FUNCTIONS = 'functions.';

function lowerCall(message: HarmonyMessage, name: string, context: FormatContext) {
  const payload = message.body?.text ?? { start: message.end, end: message.end };
  const closed = message.body !== null && message.body.end.kind !== 'open';
  return readArgumentsPayload(context, {
    format: 'harmony',
    name,
    span: { start: message.start, end: message.end },
    payload,
    closed,
  });
}

/**
 * Reads a message's header: the first word after `<|start|>` is the role, after `<|channel|>`
 * the channel, and the first `to=` word anywhere the recipient.
 *
 * @param parts - The header parts as the grammar read them.
 * @param text - The output.
 * @returns The role, channel and recipient, each `undefined` when the header has none.
 */
export function readHeader(parts: readonly HarmonyHeaderPart[], text: string): Header {
  const header: Header = { role: undefined, channel: undefined, recipient: undefined };
  for (const part of parts) {
    part.words.forEach((word, index) => {
      const value = readWord(word, text);
      if (value.recipient !== undefined) header.recipient ??= value.recipient;
      else if (index === 0 && part.token === 'start') header.role ??= value.word;
      else if (index === 0 && part.token === 'channel') header.channel ??= value.word;
    });
  }
  return header;
}

function readWord(word: HarmonyWord, text: string): { word?: string; recipient?: string } {
  return match(word)
    .with({ type: 'harmony-recipient' }, ({ name }) => ({
      recipient: text.slice(name.start, name.end),
    }))
    .with({ type: 'harmony-word' }, ({ text: range }) => ({
      word: text.slice(range.start, range.end),
    }))
    .exhaustive();
}
