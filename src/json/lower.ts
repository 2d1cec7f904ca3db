/**
 * Turns the AST of `grammar/json.peggy` into plain values, one handler per node type, and gathers
 * the repairs the grammar recorded. Keys such as `__proto__` become own data properties, exactly
 * as `JSON.parse` makes them; no prototype is ever read or written.
 *
 * The handlers sit in tables typed as exhaustive over the node and part types (a new type without
 * a handler breaks the build, as `.exhaustive()` would) rather than in ts-pattern matches: this
 * runs once per JSON node on every repaired payload, and a `match` chain per node made the
 * lowering about ten times slower, costing as much as the grammar itself.
 */
import type { Repair } from '../types.js';
import type { JsonDocument, JsonNode, JsonStringNode, JsonStringPart } from './ast.js';
import { appendAll } from '../append.js';
import {
  isRecord,
  itemRole,
  looksAtKeys,
  memberRole,
  noteFirstRepeated,
  NOT_LOOKED_AT,
  topRole,
  type CallObjectLayout,
  type KeyRole,
} from './repeated-keys.js';

/** One lowering per node type; `satisfies` makes a missing or extra type a compile error. */
type NodeLowerings = {
  [Type in JsonNode['type']]: (
    node: Extract<JsonNode, { type: Type }>,
    repairs: Repair[],
  ) => unknown;
};

/** One decoding per string part type. */
type PartDecodings = {
  [Type in JsonStringPart['type']]: (part: Extract<JsonStringPart, { type: Type }>) => string;
};

/** A lowered document: its value and every repair, ordered by offset. */
export interface LoweredJson {
  value: unknown;
  repairs: Repair[];
  /** Where the items of the payload's list of call objects start, when it has one (see `noteCallObjects`). */
  itemStarts?: number[];
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * Lowers a parsed document to a value and its repairs.
 *
 * @param document - What the grammar's `Document` rule returned.
 * @param offset - Offset of the parsed text in the whole output, added to every repair offset.
 * @returns The value and the repairs, sorted by offset.
 * @example
 * ```ts
 * lowerDocument(parse("{a: 1}"), 10); // { value: { a: 1 }, repairs: [{ kind: 'unquoted-key', offset: 11 }] }
 * ```
 */
export function lowerDocument(document: JsonDocument, offset = 0): LoweredJson {
  const repairs: Repair[] = [];
  appendAll(repairs, document.repairs);
  const value = lowerNode(document.value, repairs);
  // Shifted in place: the list is this call's own, only the records are the grammar's (copied).
  for (let index = 0; index < repairs.length; index += 1) {
    const item = repairs[index] as Repair;
    repairs[index] = { ...item, offset: item.offset + offset };
  }
  if (repairs.length > 1) repairs.sort((left, right) => left.offset - right.offset);
  return { value, repairs };
}

/**
 * Lowers one value node, appending its repairs (and its children's) to `repairs`.
 *
 * @param node - A node built by the grammar (also a `JsonValue` imported by another grammar).
 * @param repairs - Where the node's repairs are appended, offsets unchanged.
 * @returns The plain value.
 * @example
 * ```ts
 * const repairs: Repair[] = [];
 * lowerNode({ type: 'literal', value: 'true', offset: 0, repairs: [] }, repairs); // true
 * ```
 */
export function lowerNode(node: JsonNode, repairs: Repair[]): unknown {
  const value = lowerValue(node, repairs);
  // A node's own repairs after its children's: at the end of a cut-off text the innermost
  // closer is supplied first, and the sort by offset keeps that order for ties.
  appendAll(repairs, node.repairs);
  return value;
}

const NODE_LOWERINGS = {
  string: (string) => lowerString(string),
  number: ({ text }) => readNumber(text),
  literal: ({ value }) => (value === 'null' ? null : value === 'true'),
  wrapped: ({ value }, repairs) => lowerNode(value, repairs),
  array: ({ items }, repairs) => items.map((item) => lowerNode(item, repairs)),
  object: ({ members }, repairs) => {
    const object: Record<string, unknown> = {};
    for (const member of members) {
      appendAll(repairs, member.key.repairs);
      const key = lowerString(member.key);
      const before = repairs.length;
      setOwn(object, key, lowerNode(member.value, repairs));
      nameMissingValue(repairs, before, key);
    }
    return object;
  },
} satisfies NodeLowerings;

/**
 * Notes the call objects of a lowered document that wrote a key twice, where `layout` says they
 * are (see `repeated-keys.ts`), and gives where the items of its list of call objects start (a
 * top-level list under `'calls'`, the `tool_calls` list of a `'message'`): the payload's repairs
 * can then be told apart by the call they were made in (see `splitRepairs`).
 *
 * @param document - What the grammar's `Document` rule returned.
 * @param value - Its lowered value (`lowerDocument(document).value`).
 * @param layout - Where its call objects are.
 * @param offset - Offset of the payload in the whole output (the starts are absolute).
 * @returns The starts of the first such list in text order, or `undefined` when it has none.
 */
export function noteCallObjects(
  document: JsonDocument,
  value: unknown,
  layout: CallObjectLayout,
  offset: number,
): number[] | undefined {
  const top = unwrap(document.value);
  const found: CallList = { offset, starts: undefined };
  noteRepeatedIn(top, value, topRole(layout, top.type === 'array'), found);
  return found.starts;
}

/** The walk's find: the item starts of the first list of call objects, shifted by `offset`. */
interface CallList {
  offset: number;
  starts: number[] | undefined;
}

/**
 * Notes the repeated keys of a node of role `role` and of the call objects in it, and the item
 * starts of the first list of them in `found`. `value` is what the node was lowered to, except
 * under a key written twice, which holds the last value: a node it does not match is skipped. The
 * roles nest a few levels at most, so this recursion is shallow.
 */
function noteRepeatedIn(node: JsonNode, value: unknown, role: KeyRole, found: CallList): void {
  if (node.type === 'object' && looksAtKeys(role) && isRecord(value)) {
    const keys = node.members.map((member) => lowerString(member.key));
    noteFirstRepeated(value, keys);
    node.members.forEach((member, index) => {
      const key = keys[index] as string;
      const inner = memberRole(role, key);
      if (inner !== NOT_LOOKED_AT) noteRepeatedIn(unwrap(member.value), value[key], inner, found);
    });
  } else if (node.type === 'array' && itemRole(role) !== NOT_LOOKED_AT && Array.isArray(value)) {
    const inner = itemRole(role);
    found.starts ??= node.items.map((item) => found.offset + item.offset);
    node.items.forEach((item, index) => noteRepeatedIn(unwrap(item), value[index], inner, found));
  }
}

function unwrap(node: JsonNode): JsonNode {
  let inner = node;
  while (inner.type === 'wrapped') inner = inner.value;
  return inner;
}

/**
 * Names the key of a value the model left out (`{"dry_run": }`), cut off (`{"amount": 5e}`) or
 * wrote as a function call (`{"dry_run": not(true)}`), in the repair the grammar made for it: the
 * envelope that refuses the call can then say which value to write. The innermost key names it
 * (members are lowered inside out, and a named repair is not named again).
 */
function nameMissingValue(repairs: Repair[], from: number, key: string): void {
  for (let index = from; index < repairs.length; index += 1) {
    const repair = repairs[index] as Repair;
    if (repair.kind === 'missing-value' && repair.detail === MISSING_VALUE) {
      repairs[index] = { ...repair, detail: `the value of ${JSON.stringify(key)} is missing` };
    } else if (
      (repair.kind === 'cut-off-number' ||
        repair.kind === 'expression' ||
        repair.kind === 'guessed-string-end') &&
      repair.detail !== undefined &&
      !repair.detail.startsWith(NAMED)
    ) {
      repairs[index] = { ...repair, detail: `${NAMED}${JSON.stringify(key)} is ${repair.detail}` };
    }
  }
}

/** How a repair that names its key starts. */
const NAMED = 'the value of ';

/** The grammar's detail of a missing value, before its key is named. */
const MISSING_VALUE = 'missing value read as null';

function lowerValue(node: JsonNode, repairs: Repair[]): unknown {
  // The table is exhaustive by type; the cast only joins the per-type handlers into one call.
  const lower = NODE_LOWERINGS[node.type] as (node: JsonNode, repairs: Repair[]) => unknown;
  return lower(node, repairs);
}

/**
 * Decodes a string node's parts into its text.
 *
 * @param node - A string node (value or key).
 * @returns The decoded text; trailing whitespace is dropped when the node says it is not content.
 * @example
 * ```ts
 * lowerString({ type: 'string', parts: [{ type: 'escape', char: 'n' }], trimEnd: false, offset: 0, repairs: [] }); // '\n'
 * ```
 */
export function lowerString(node: JsonStringNode): string {
  const text = decodeParts(node.parts);
  return node.trimEnd ? text.trimEnd() : text;
}

function decodeParts(parts: readonly JsonStringPart[]): string {
  // Most strings are one text part: its text as it is, with no array or join for it.
  const first = parts[0];
  if (parts.length === 1 && first?.type === 'text') return first.text;
  let text = '';
  for (const part of parts) text += decodePart(part);
  return text;
}

const PART_DECODINGS = {
  text: ({ text }) => text,
  escape: ({ char }) => ESCAPES[char] ?? char,
  unicode: ({ hex }) => String.fromCharCode(Number.parseInt(hex, 16)),
} satisfies PartDecodings;

function decodePart(part: JsonStringPart): string {
  const decode = PART_DECODINGS[part.type] as (part: JsonStringPart) => string;
  return decode(part);
}

/** Reads a number as written, including the lenient forms (`.5`, `+1`, `-0x1F`, `2.`, `2e+`, `-`). */
function readNumber(text: string): number {
  // Every JSON number, and every other form Number reads, without hex digits: Number gives what
  // the step-by-step reading gives (a sign applies to the unsigned value, `-0` included; such a text never
  // ends in `e`, `e+` or a lone sign, and `2.` is 2 either way), without their four regexes.
  const direct = Number(text);
  if (!Number.isNaN(direct) && !/x/i.test(text)) return direct;
  return readNumberStepByStep(text);
}

/**
 * Reads a number as written, step by step: the sign, hex digits and cut-off endings each on their
 * own. What {@link readNumber} falls back to, and the reference its shortcut is tested against.
 *
 * @param text - A number's text as the lenient grammar read it.
 * @returns Its value.
 * @example
 * ```ts
 * readNumberStepByStep('-0x1f'); // -31
 * ```
 */
export function readNumberStepByStep(text: string): number {
  const sign = text.startsWith('-') ? -1 : 1;
  const unsigned = text.replace(/^[+-]/, '');
  if (/^0x/i.test(unsigned)) return sign * Number.parseInt(unsigned.slice(2), 16);
  // A number cut off after `.`, `e` or its sign keeps the digits before the cut.
  const trimmed = unsigned.replace(/[eE][+-]?$/, '').replace(/\.$/, '');
  // A lone sign or dot (`-`, `.`) reads as zero, never -0.
  if (trimmed === '') return 0;
  return sign * Number(trimmed);
}

/**
 * Sets an own, enumerable data property, even for `__proto__` (which `=` would treat as the
 * prototype). Shared with the quick reader (`quick.ts`), whose objects must be built alike.
 *
 * @param object - The object being built (a plain object).
 * @param key - The key as written.
 * @param value - The member's value.
 */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    object[key] = value;
  }
}
