/**
 * Turns the AST of `grammar/json.peggy` into plain values, one exhaustive match per node type, and
 * gathers the repairs the grammar recorded. Keys such as `__proto__` become own data properties,
 * exactly as `JSON.parse` makes them; no prototype is ever read or written.
 */
import { match } from 'ts-pattern';
import type { Repair } from '../types.js';
import type { JsonDocument, JsonNode, JsonStringNode, JsonStringPart } from './ast.js';

/** A lowered document: its value and every repair, ordered by offset. */
export interface LoweredJson {
  value: unknown;
  repairs: Repair[];
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
  const repairs: Repair[] = [...document.repairs];
  const value = lowerNode(document.value, repairs);
  const shifted = repairs.map((item) => ({ ...item, offset: item.offset + offset }));
  shifted.sort((left, right) => left.offset - right.offset);
  return { value, repairs: shifted };
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
  append(repairs, node.repairs);
  return value;
}

function lowerValue(node: JsonNode, repairs: Repair[]): unknown {
  return match(node)
    .with({ type: 'string' }, (string) => lowerString(string))
    .with({ type: 'number' }, ({ text }) => readNumber(text))
    .with({ type: 'literal' }, ({ value }) => (value === 'null' ? null : value === 'true'))
    .with({ type: 'wrapped' }, ({ value }) => lowerNode(value, repairs))
    .with({ type: 'array' }, ({ items }) => items.map((item) => lowerNode(item, repairs)))
    .with({ type: 'object' }, ({ members }) => {
      const object: Record<string, unknown> = {};
      for (const member of members) {
        append(repairs, member.key.repairs);
        setOwn(object, lowerString(member.key), lowerNode(member.value, repairs));
      }
      return object;
    })
    .exhaustive();
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
  const text = node.parts.map(decodePart).join('');
  return node.trimEnd ? text.trimEnd() : text;
}

function decodePart(part: JsonStringPart): string {
  return match(part)
    .with({ type: 'text' }, ({ text }) => text)
    .with({ type: 'escape' }, ({ char }) => ESCAPES[char] ?? char)
    .with({ type: 'unicode' }, ({ hex }) => String.fromCharCode(Number.parseInt(hex, 16)))
    .exhaustive();
}

/** Reads a number as written, including the lenient forms (`.5`, `+1`, `-0x1F`, `2.`, `2e+`, `-`). */
function readNumber(text: string): number {
  const sign = text.startsWith('-') ? -1 : 1;
  const unsigned = text.replace(/^[+-]/, '');
  if (/^0x/i.test(unsigned)) return sign * Number.parseInt(unsigned.slice(2), 16);
  // A number cut off after `.`, `e` or its sign keeps the digits before the cut.
  const trimmed = unsigned.replace(/[eE][+-]?$/, '').replace(/\.$/, '');
  // A lone sign or dot (`-`, `.`) reads as zero, never -0.
  if (trimmed === '') return 0;
  return sign * Number(trimmed);
}

/** Appends without spreading into arguments, which overflows the stack for huge lists. */
function append(target: Repair[], source: readonly Repair[]): void {
  for (const item of source) target.push(item);
}

/** Sets an own, enumerable data property, even for `__proto__` (which `=` would treat as the prototype). */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
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
