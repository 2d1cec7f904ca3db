/**
 * Lowering of markup sections: invoke elements through the shared invoke lowering, and generic
 * `<tool_call>`/`<function_call>` elements by their name attribute or child, and their arguments
 * child (nested elements or JSON text).
 */
import { match } from 'ts-pattern';
import type { Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { lowerInvokeBlock, type InvokeConventions } from '../shared/xml-invoke.js';
import type { MarkupElement, MarkupSection, MarkupTail } from './ast.js';
import { malformed } from '../shared/issues.js';
import {
  ARGUMENT_FIELDS,
  callName,
  childElements,
  isElementNamed,
  readArgumentElements,
  readJsonArguments,
  repeatedAttributeIn,
} from './elements.js';

/** Values are trimmed text; markup has no `string="..."` attribute. */
const CONVENTIONS: InvokeConventions = {
  format: 'markup',
  trimValues: true,
  stringAttribute: false,
};

/** The generic elements that are a call. */
const CALL_ELEMENTS: ReadonlySet<string> = new Set([
  'function',
  'tool_call',
  'function_call',
  'tool_use',
  'invoke',
]);

/**
 * Lowers a markup section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section, or `undefined` when the element is not a call in markup form (so the
 * formats that share the tag, such as hermes, read it).
 */
export function lowerMarkup(
  node: MarkupSection,
  end: number,
  context: FormatContext,
): Section | undefined {
  return match(node)
    .with({ type: 'markup-invoke-block' }, (block) =>
      lowerInvokeBlock(context, block, end, CONVENTIONS),
    )
    .with({ type: 'markup-invokes' }, (block) =>
      block.invokes.length === 0
        ? undefined
        : lowerInvokeBlock(
            context,
            { start: block.start, invokes: block.invokes, rest: { start: end, end }, closed: true },
            end,
            CONVENTIONS,
          ),
    )
    .with({ type: 'markup-element' }, ({ element, tail }) =>
      lowerCallSection(context, element, tail, element.start, end),
    )
    .with({ type: 'markup-wrapped-element' }, (wrapped) => {
      const section = lowerCallSection(context, wrapped.element, wrapped.tail, wrapped.start, end);
      const call = section?.calls[0];
      // The function closed, its </tool_call> never came: as a hermes call whose close tag is
      // missing, complete, with the repair said.
      if (call !== undefined && !wrapped.closed && wrapped.element.closed) {
        call.repairs.push({ kind: 'missing-end-marker', offset: end });
      }
      return section;
    })
    .exhaustive();
}

/**
 * The section of one call element, from `start` (the element's own, or a `<tool_call>` around
 * it) to `end`.
 */
function lowerCallSection(
  context: FormatContext,
  element: MarkupElement,
  tail: MarkupTail | null,
  start: number,
  end: number,
): Section | undefined {
  if (!CALL_ELEMENTS.has(element.name)) return undefined;
  const named = callName(context, element);
  if (named === undefined) return undefined;
  if ('issue' in named) return { start, end, calls: [], issues: [named.issue] };
  const call = lowerCallElement(context, element, named, tail, end);
  if (call === undefined) return undefined;
  const issues = call.malformed === undefined ? [] : [call.malformed];
  return { start, end, calls: [call], issues };
}

/** A call element: arguments from its arguments child, its other children, or JSON text. */
function lowerCallElement(
  context: FormatContext,
  element: MarkupElement,
  named: { name: string; child: MarkupElement | undefined },
  tail: MarkupTail | null,
  end: number,
): RawCall | undefined {
  const { name, child: nameChild } = named;
  const stray = tail === null ? undefined : strayTag(context, element, tail);
  const unreadable =
    stray !== undefined && !stray.cut
      ? // The fields after the tag were not read: run without them, the call would lose arguments.
        malformed(
          `"${name}" stops at ${JSON.stringify(stray.text)}, which is not a tag it can read (a close tag must match its open tag); write each field as <key>value</key> and end the call with </${element.name}>`,
          element.end,
        )
      : repeatedAttributeIn(element);
  if (unreadable !== undefined) {
    return {
      name,
      arguments: {},
      format: 'markup',
      span: { start: element.start, end },
      repairs: [],
      complete: true,
      malformed: unreadable,
    };
  }
  const children = childElements(element);
  const repairs: Repair[] = [];
  const argumentsChild = children.find((child) => isElementNamed(child, ARGUMENT_FIELDS));
  const fields = children.filter((child) => child !== nameChild);
  let args: Record<string, unknown> | undefined;
  if (argumentsChild !== undefined) {
    args =
      childElements(argumentsChild).length > 0
        ? readArgumentElements(context, name, childElements(argumentsChild), repairs)
        : readJsonArguments(context, argumentsChild, repairs);
  } else if (fields.length > 0) {
    args = readArgumentElements(context, name, fields, repairs);
  } else {
    args = readJsonArguments(context, element, repairs);
  }
  if (args === undefined) return undefined;
  if (!element.closed) repairs.push({ kind: 'missing-end-marker', offset: element.end });
  return {
    name,
    arguments: args,
    format: 'markup',
    span: { start: element.start, end: element.end },
    repairs,
    // Only a call that reached its own close tag is whole. One left open ran into the end of the
    // output, was cut short by another call tag, or stopped at a tag cut off by the end (`</`):
    // it may have lost fields, so it is never executable.
    complete: element.closed,
  };
}

/**
 * The tag a call element stopped at, when the element is not closed and did not run into the end
 * of the output or another call tag. `cut` when the output ended inside that tag (`</am`).
 */
function strayTag(
  context: FormatContext,
  element: MarkupElement,
  tail: MarkupTail,
): { text: string; cut: boolean } | undefined {
  if (element.end >= context.text.length) return undefined;
  // The tail starts at the tag; it reaches the end of the output unless a call tag or the
  // element's own close tag ended it, so this reads no further than the section.
  const rest = context.text.slice(element.end, tail.end);
  const close = rest.indexOf('>');
  if (close === -1 && tail.end >= context.text.length) return { text: rest, cut: true };
  const text = close === -1 ? rest : rest.slice(0, close + 1);
  return { text: text.length > 40 ? `${text.slice(0, 40)}…` : text, cut: false };
}
