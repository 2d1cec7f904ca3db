/** Lowering of granite sections: the items of the call list become calls. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCalls } from '../shared/json-calls.js';
import {
  notJsonIssue,
  readCallItems,
  readCallList,
  refusedListItems,
} from '../shared/json-extent.js';
import type { GraniteNode, GraniteSpecial } from './ast.js';
import { sectionOf } from '../shared/section-of.js';

/**
 * Lowers a granite section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerGranite(node: GraniteNode, end: number, context: FormatContext): Section {
  const lowered = match(node)
    .with({ type: 'granite-tagged' }, (tagged) =>
      lowerJsonCalls(context, {
        format: 'granite',
        span: { start: tagged.start, end },
        payload: tagged.payload,
        closed: tagged.closed,
        unpackList: true,
        streamedList: '</tool_call>',
      }),
    )
    // After <|tool_call|> a stream starts calls from their heads (see index.ts): a call object
    // that cannot be read is refused under the name its head gave.
    .with({ type: 'granite-special', body: { type: 'json-list' } }, ({ body }) =>
      readCallList(context, body, { format: 'granite', namesRefused: true }),
    )
    .with({ type: 'granite-special', body: { type: 'json-extent' } }, ({ body }) =>
      readCallItems(context, body, { format: 'granite', namesRefused: true }),
    )
    // A list the grammar cannot read (junk between or after its calls): the calls a stream
    // started from their heads, refused by name.
    .with({ type: 'granite-special', body: { type: 'granite-malformed-list' } }, ({ body }) =>
      refusedListItems(
        context,
        { start: body.extent.start, end: body.extent.end },
        'granite',
        notJsonIssue(body.extent, 'a list of JSON call objects after <|tool_call|>'),
      ),
    )
    .with({ type: 'granite-special', body: { type: 'granite-malformed' } }, ({ body }) => ({
      calls: [],
      issues: [
        notJsonIssue({ start: body.start, end }, 'a JSON list of calls after <|tool_call|>'),
      ],
    }))
    .exhaustive();
  const section = sectionOf(node.start, end, lowered);
  // After <|tool_call|> nothing but the list's (or object's) own close ends the section: once it
  // came, no text after it changes the section, and a stream settles it there (`Section.open`).
  // A tagged section is settled at its </tool_call> (`endMarkers`).
  if (node.type === 'granite-special') section.open = specialOpen(node.body, end, context.text);
  return section;
}

/**
 * Whether more text could change a section opened by <|tool_call|>: while its list or object is
 * open (it ran into the end of the text), and while only blanks follow the token.
 */
function specialOpen(body: GraniteSpecial['body'], end: number, text: string): boolean {
  return match(body)
    .with({ type: 'json-list' }, { type: 'json-extent' }, (value) => !value.closed)
    .with({ type: 'granite-malformed-list' }, ({ extent }) => !extent.closed)
    .with({ type: 'granite-malformed' }, () => end === text.length)
    .exhaustive();
}
