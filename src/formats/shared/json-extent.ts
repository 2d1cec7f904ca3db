/**
 * JSON that no end marker delimits (`[TOOL_CALLS]NAME{..}`, `{..}; {..}`, `functools[..]`, a bare
 * list): the AST of `grammar/json-extent.peggy`, the options its rules need, and the reading of
 * one extent as a call object. The extent comes from the JSON module's balanced scan, so a `}`
 * inside a string never ends a call.
 */
import { parseJson, scanJsonValue, type JsonOutcome } from '../../json/index.js';
import type { FormatId, Issue, Repair, Span } from '../../types.js';
import type { FormatContext, RawCall } from '../format.js';
import { WRAPPER_LEVELS } from '../../pipeline/argument-depth.js';
import {
  ARGUMENTS_NOT_JSON,
  limitPlainDepth,
  readPlainCall,
  type PlainCall,
} from './plain-call.js';
import { tooDeepWording } from './json-payload.js';
import { refusedByNames, refusedCall } from './refused-call.js';
import {
  NAME_AS_KEY,
  readJsonCallHead,
  readJsonListHeadNames,
  type CallHeadKeys,
} from '../../stream/call-head.js';
import {
  COMMON_CALL_FIELDS,
  isPlainObject,
  readCallObject,
  readKeyedCallObject,
  type CallFieldNames,
} from './call-object.js';

/** One JSON value's extent; `closed` is false when the output ended inside it. */
export interface JsonExtentNode {
  type: 'json-extent';
  start: number;
  end: number;
  closed: boolean;
}

/** `[ {..}, {..} ]`: object extents in a list; `closed` is false when the output ended first. */
export interface JsonListNode {
  type: 'json-list';
  start: number;
  end: number;
  items: JsonExtentNode[];
  closed: boolean;
}

/**
 * The options every grammar importing `JsonExtent` must be run with (`runGrammar(..., options)`).
 *
 * @example
 * ```ts
 * runGrammar<MistralNode>(parse, text, start, 'Section', JSON_EXTENT_OPTIONS);
 * ```
 */
export const JSON_EXTENT_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({
  scanJson: (input: string, start: number) => {
    const scan = scanJsonValue(input, start);
    return { end: scan.end, closed: scan.closed };
  },
});

/** How to read one extent as a call. */
export interface CallItemOptions {
  format: FormatId;
  /** Field names of the call object (default: the common spellings). */
  fields?: CallFieldNames;
  /** False when the call's enclosing list or section was left open at the end of the output. */
  enclosed?: boolean;
  /** Extra check on the decoded object (llama3_json needs a `parameters` key); false: not a call. */
  accept?: (value: Record<string, unknown>) => boolean;
  /**
   * A list's item, refused, is still a call named by its head (`{"name": "f", "arguments": {`),
   * refused as malformed: set by the syntaxes a stream starts from those heads (see
   * `Format.readCallHead` and `readNextCallHead`), so the calls it announced end as parse gives
   * them. A bare syntax leaves it unset: its refused JSON stays data, not a call.
   */
  namesRefused?: boolean;
  /**
   * The call object is keyed by its tool's name (Apertus's `{"NAME": {..}}`, read by
   * `readKeyedCallObject`; its head is `NAME_AS_KEY`'s) rather than spelling fields; `fields`
   * and `accept` do not apply.
   */
  nameAsKey?: boolean;
}

/** A call read from one extent, or the issue that says why it is none. */
export type CallItemOutcome =
  { ok: true; call: RawCall } | { ok: false; issue: Issue; name?: string | undefined };

/**
 * Reads the JSON value of one extent as a call object (`{"name": .., "arguments": {..}}`).
 *
 * @param context - The output, schemas and limits.
 * @param item - The extent, as the grammar found it.
 * @param options - Format, field names, and whether the enclosing list was closed.
 * @returns The call (`complete: false` when the output ended inside it), or a
 * `malformed-tool-call` / `too-deep` / `incomplete-tool-call` issue.
 * @example
 * ```ts
 * readCallItem(context, { type: 'json-extent', start: 12, end: 50, closed: true }, { format: 'mistral' });
 * ```
 */
export function readCallItem(
  context: FormatContext,
  item: JsonExtentNode,
  options: CallItemOptions,
): CallItemOutcome {
  // The usual call object is read as lowerJsonCalls reads it: its keys proved distinct as it is
  // read, only the arguments through JSON.parse (the general reader would parse the whole object
  // and then pass over it again for repeated keys). Anything else goes to the general reader.
  const nameAsKey = options.nameAsKey === true;
  const plain =
    item.closed && options.fields === undefined && options.accept === undefined && !nameAsKey
      ? readPlainCall(context.text, item.start, item.end)
      : undefined;
  if (typeof plain === 'object') return plainItem(context, item, plain, options);
  const decoded = decodeExtent(context, item, true, plain === ARGUMENTS_NOT_JSON);
  if (!decoded.ok) return decoded;
  const object = nameAsKey
    ? readKeyedCallObject(decoded.value, item.start)
    : readCallObject(decoded.value, item.start, options.fields ?? COMMON_CALL_FIELDS);
  if (!object.ok) return item.closed ? object : { ok: false, issue: cutOff(item.start) };
  if (options.accept !== undefined && !options.accept(decoded.value as Record<string, unknown>)) {
    return {
      ok: false,
      issue: {
        code: 'malformed-tool-call',
        message: `the object naming "${object.name}" has no arguments field`,
        offset: item.start,
      },
    };
  }
  const complete = item.closed && decoded.complete;
  const repairs: Repair[] = [...decoded.repairs, ...object.repairs];
  if (complete && options.enclosed === false) {
    repairs.push({ kind: 'missing-end-marker', offset: item.end });
  }
  const call = itemCall(item, options, object.name, object.arguments, repairs, complete);
  if (object.id !== undefined) call.id = object.id;
  return { ok: true, call };
}

/** The call an extent holds, written as one literal (see src/formats/shared/section-of.ts). */
function itemCall(
  item: JsonExtentNode,
  options: CallItemOptions,
  name: string,
  argumentsValue: Record<string, unknown>,
  repairs: Repair[],
  complete: boolean,
): RawCall {
  return {
    name,
    arguments: argumentsValue,
    format: options.format,
    span: { start: item.start, end: item.end },
    repairs,
    complete,
  };
}

/**
 * The call of an extent {@link readPlainCall} read, as the general reader gives it: complete, no
 * repairs but a missing end marker, its arguments' nesting bounded as `parseJson` bounds a payload
 * it read natively.
 */
function plainItem(
  context: FormatContext,
  item: JsonExtentNode,
  plain: PlainCall,
  options: CallItemOptions,
): CallItemOutcome {
  const tooDeepIssue = limitPlainDepth(plain, context, item.start, item.end);
  if (tooDeepIssue !== undefined) return { ok: false, issue: tooDeepIssue };
  const repairs: Repair[] =
    options.enclosed === false ? [{ kind: 'missing-end-marker', offset: item.end }] : [];
  return { ok: true, call: itemCall(item, options, plain.name, plain.arguments, repairs, true) };
}

/** The arguments object of a call whose name the syntax gives (`NAME{..}`), or an issue. */
export type ArgumentsOutcome =
  | { ok: true; arguments: Record<string, unknown>; repairs: Repair[]; complete: boolean }
  | { ok: false; issue: Issue };

/**
 * Reads the JSON object of one extent as a call's arguments (`[TOOL_CALLS]add{"a": 1}`).
 *
 * @param context - The output, schemas and limits.
 * @param item - The extent, as the grammar found it.
 * @param name - The call's name, for messages.
 * @returns The arguments (`complete: false` when the output ended inside them), or an issue.
 * @example
 * ```ts
 * readArgumentsItem(context, { type: 'json-extent', start: 15, end: 23, closed: true }, 'add');
 * // { ok: true, arguments: { a: 1 }, repairs: [], complete: true }
 * ```
 */
export function readArgumentsItem(
  context: FormatContext,
  item: JsonExtentNode,
  name: string,
): ArgumentsOutcome {
  const decoded = decodeExtent(context, item, false);
  if (!decoded.ok) return decoded;
  if (!isPlainObject(decoded.value)) {
    const issue: Issue = {
      code: 'malformed-tool-call',
      message: `the arguments of "${name}" are not a JSON object`,
      offset: item.start,
    };
    return { ok: false, issue };
  }
  return {
    ok: true,
    arguments: decoded.value,
    repairs: decoded.repairs,
    complete: item.closed && decoded.complete,
  };
}

/**
 * Decodes one extent's JSON. A failure is `too-deep` as it is, `malformed-tool-call` when the
 * extent was closed (the model wrote something that is not JSON), else the output was cut off
 * inside it (`incomplete-tool-call`). A call object's repeated keys are noted (`callObject`); an
 * arguments object keeps JSON's reading of them.
 */
function decodeExtent(
  context: FormatContext,
  item: JsonExtentNode,
  callObject: boolean,
  notNative = false,
): JsonOutcome {
  // The wrapper's levels are allowed here, as in readJsonPayload.
  const decoded = parseJson(context.text.slice(item.start, item.end), {
    maxDepth: context.limits.maxDepth + WRAPPER_LEVELS,
    offset: item.start,
    callObjects: callObject ? 'calls' : undefined,
    notNative,
  });
  if (decoded.ok) return decoded;
  if (decoded.issue.code === 'too-deep') return tooDeepWording(decoded, context.limits.maxDepth);
  return item.closed
    ? { ok: false, issue: { ...decoded.issue, code: 'malformed-tool-call' } }
    : { ok: false, issue: cutOff(item.start) };
}

/**
 * Reads one extent as a call, as the calls-and-issues pair a section carries.
 *
 * @param context - The output, schemas and limits.
 * @param item - The extent, as the grammar found it.
 * @param options - Format, field names, and whether the enclosing list was closed.
 * @returns The call, or the issue that says why there is none (and, with `namesRefused`, the
 * call its head names, refused).
 */
export function readCallItems(
  context: FormatContext,
  item: JsonExtentNode,
  options: CallItemOptions,
): { calls: RawCall[]; issues: Issue[] } {
  const outcome = readCallItem(context, item, options);
  if (outcome.ok) return { calls: [outcome.call], issues: [] };
  const refused = refusedItem(context, item, options, outcome);
  return { calls: refused === undefined ? [] : [refused], issues: [outcome.issue] };
}

/**
 * Reads every item of a list as a call; items that are not calls become issues.
 *
 * @param context - The output, schemas and limits.
 * @param list - The list as the grammar found it.
 * @param options - Format and field names (`enclosed` is taken from the list).
 * @returns The calls and issues, in order.
 */
export function readCallList(
  context: FormatContext,
  list: JsonListNode,
  options: CallItemOptions,
): { calls: RawCall[]; issues: Issue[] } {
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  // Written out, not spread from `options`: see src/formats/shared/section-of.ts.
  const itemOptions: CallItemOptions = { format: options.format, enclosed: list.closed };
  if (options.fields !== undefined) itemOptions.fields = options.fields;
  if (options.accept !== undefined) itemOptions.accept = options.accept;
  if (options.nameAsKey !== undefined) itemOptions.nameAsKey = options.nameAsKey;
  for (const item of list.items) {
    const outcome = readCallItem(context, item, itemOptions);
    if (outcome.ok) {
      calls.push(outcome.call);
      continue;
    }
    issues.push(outcome.issue);
    const refused = refusedItem(context, item, options, outcome);
    if (refused !== undefined) calls.push(refused);
  }
  return { calls, issues };
}

/**
 * A refused call object named by its head, as a stream that started it from that head announced
 * it (see `CallItemOptions.namesRefused`); the head is read within the extent.
 *
 * @param context - The output, schemas and limits.
 * @param item - The extent {@link readCallItem} refused.
 * @param format - The syntax.
 * @param issue - Why it was refused.
 * @param keys - The keys its head spells, where not the usual `name` and `arguments`.
 * @returns The call, refused as malformed by `issue`, or `undefined` when the extent opens with no
 * head (then no stream started a call there).
 * @example
 * ```ts
 * refusedByHead(context, { type: 'json-extent', start: 13, end: 60, closed: true }, 'minimax', issue);
 * ```
 */
export function refusedByHead(
  context: FormatContext,
  item: JsonExtentNode,
  format: FormatId,
  issue: Issue,
  keys?: CallHeadKeys,
): RawCall | undefined {
  const head = readJsonCallHead(context.text.slice(0, item.end), item.start, keys);
  if (typeof head !== 'object') return undefined;
  const span = { start: item.start, end: item.end };
  return refusedCall(head.name, format, span, issue, [], issue.code !== 'incomplete-tool-call');
}

/**
 * A call list the grammar cannot read as a list (junk between or after its items): every call a
 * stream may have started from the heads of its items (see `readJsonListHeadNames`), refused by
 * name with the list's issue; with no head, only the issue.
 *
 * @param context - The output, schemas and limits.
 * @param list - Where the list's `[` is and where the text the section claims ends (no head is
 * read past it).
 * @param format - The syntax.
 * @param issue - Why the list is refused.
 * @param keys - The keys its calls' heads spell, where not the usual `name` and `arguments`.
 * @returns The refused calls and the issue.
 * @example
 * ```ts
 * refusedListItems(context, { start: 12, end: 90 }, 'mistral', issue);
 * // { calls: [refused "f", refused "g"], issues: [issue] }
 * ```
 */
export function refusedListItems(
  context: FormatContext,
  list: Span,
  format: FormatId,
  issue: Issue,
  keys?: CallHeadKeys,
): { calls: RawCall[]; issues: Issue[] } {
  const names = readJsonListHeadNames(context.text.slice(0, list.end), list.start, undefined, keys);
  return refusedByNames(names, format, list, issue);
}

/**
 * The refused call an item stands for, with `namesRefused`: named by its head (as a stream that
 * started it named it), or, for a call object keyed by its name, by that key where its value is
 * no arguments object (`{"f": 3}`, no head): the key alone names the tool, so the model is told
 * which of its calls did not run.
 */
function refusedItem(
  context: FormatContext,
  item: JsonExtentNode,
  options: CallItemOptions,
  outcome: { issue: Issue; name?: string | undefined },
): RawCall | undefined {
  if (options.namesRefused !== true) return undefined;
  if (options.nameAsKey !== true)
    return refusedByHead(context, item, options.format, outcome.issue);
  const named = refusedByHead(context, item, options.format, outcome.issue, NAME_AS_KEY);
  if (named !== undefined || outcome.name === undefined || outcome.name.trim() === '') return named;
  const span = { start: item.start, end: item.end };
  return refusedCall(outcome.name, options.format, span, outcome.issue, [], item.closed);
}

/**
 * The issue for tool syntax that is not this format's JSON (`[TOOL_CALLS]` followed by prose).
 *
 * @param span - The text that was claimed.
 * @param what - What was expected there.
 * @returns A `malformed-tool-call` issue.
 */
export function notJsonIssue(span: Span, what: string): Issue {
  return {
    code: 'malformed-tool-call',
    message: `expected ${what}`,
    offset: span.start,
  };
}

/**
 * Remembers, per parse, the end of the last bare JSON value a bare format turned down (a JSON
 * object in prose that is not a call). Values nested inside it are its data, not candidates: the
 * scanner would otherwise try every inner `{` and rescan to the same end, quadratic in the
 * nesting. One number per parse suffices because the scanner only moves forward.
 *
 * @returns `inside(context, offset)` and `skip(context, end)`, keyed by the parse's context.
 * @example
 * ```ts
 * const rejected = createRejectedValues();
 * if (rejected.inside(context, start)) return undefined;
 * rejected.skip(context, start, extent.end);
 * ```
 */
export function createRejectedValues(): {
  inside(context: FormatContext, offset: number): boolean;
  skip(context: FormatContext, start: number, end: number): void;
} {
  // The last turned-down object per output, at absolute offsets.
  const turnedDown = new WeakMap<object, { start: number; end: number }>();
  return {
    inside(context, offset) {
      const key = context.outputKey ?? context;
      const last = turnedDown.get(key);
      if (last === undefined) return false;
      const at = (context.origin ?? 0) + offset;
      // Only a stream reads one start again (on longer text): that reading replaces the last.
      if (at === last.start) {
        turnedDown.delete(key);
        return false;
      }
      return last.start < at && at < last.end;
    },
    skip(context, start, end) {
      const origin = context.origin ?? 0;
      turnedDown.set(context.outputKey ?? context, { start: origin + start, end: origin + end });
    },
  };
}

function cutOff(offset: number): Issue {
  return {
    code: 'incomplete-tool-call',
    message: 'the output ended inside the call object',
    offset,
  };
}
