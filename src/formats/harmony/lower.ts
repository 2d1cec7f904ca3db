/**
 * Lowering of harmony sections: a message addressed to a tool becomes a call, `analysis` becomes
 * reasoning, `final` and recipient-less `commentary` (the preamble) become content.
 */
import { match } from 'ts-pattern';
import type { Issue } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import type { HarmonyHeaderPart, HarmonyMessage, HarmonySection, HarmonyWord } from './ast.js';

/** What a message's header says, read from its words. */
interface Header {
  role: string | undefined;
  channel: string | undefined;
  recipient: string | undefined;
}

/**
 * Lowers a run of harmony messages to a section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls, content and reasoning.
 */
export function lowerHarmony(node: HarmonySection, end: number, context: FormatContext): Section {
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  let content = '';
  let reasoning = '';
  for (const message of node.messages) {
    const header = readHeader(message.parts, context.text);
    const body =
      message.body === null
        ? ''
        : context.text.slice(message.body.text.start, message.body.text.end);
    // A message from another role is a tool's result the model wrote itself: not this turn's.
    if (header.role !== undefined && header.role !== 'assistant') continue;
    if (header.recipient !== undefined && header.recipient !== 'assistant') {
      const read = lowerCall(message, header.recipient, context);
      if ('call' in read) calls.push(read.call);
      if (read.issue !== undefined) issues.push(read.issue);
    } else if (header.channel === 'analysis') {
      reasoning += body;
    } else {
      content += body;
    }
  }
  const section: Section = { start: node.start, end, calls, issues };
  if (content !== '') section.content = content;
  if (reasoning !== '') section.reasoning = reasoning;
  return section;
}

function lowerCall(message: HarmonyMessage, recipient: string, context: FormatContext) {
  const name = recipient.startsWith('functions.')
    ? recipient.slice('functions.'.length)
    : recipient;
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

/** The first word after `<|start|>` is the role, after `<|channel|>` the channel. */
function readHeader(parts: readonly HarmonyHeaderPart[], text: string): Header {
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
