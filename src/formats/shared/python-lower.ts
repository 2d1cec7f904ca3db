/**
 * Lowering of Python call nodes (`grammar/python_call.peggy`) to calls: literals to JSON values,
 * keyword arguments to an arguments object. Shared by pythonic, lfm2 and olmo3.
 *
 * Python syntax is the format here, not a repair: single quotes, `True` and `None` are how these
 * models write values, so no repair is recorded for them.
 */
import { match } from 'ts-pattern';
import type { FormatId, Issue, Repair } from '../../types.js';
import type { FormatContext, RawCall } from '../format.js';
import { createRecord, setOwn } from './own-property.js';
import { isPlainObject } from './call-object.js';
import type { PythonCall, PythonString, PythonValue } from './python-ast.js';

/** How the calls of one section are lowered. */
export interface PythonCallsSource {
  format: FormatId;
  calls: readonly PythonCall[];
  /** Repairs that apply to every call of the section (a missing end marker). */
  repairs: readonly Repair[];
  /** Where the section starts, for the issue of a list with no call. */
  start: number;
}

/** What lowering a value met that makes its call unusable. */
class ValueError extends Error {
  constructor(readonly issue: Issue) {
    super(issue.message);
  }
}

/** Calls lowered from one section, and the issues met. */
export interface LoweredPythonCalls {
  calls: RawCall[];
  issues: Issue[];
}

/**
 * Lowers the calls of a section.
 *
 * @param context - The output and its limits.
 * @param source - The call nodes and the section-wide repairs.
 * @returns One raw call per node (a call cut off by the end of the output is `complete: false`;
 * a call with a repeated keyword or nesting past `maxDepth` carries `malformed` and an issue).
 * @example
 * ```ts
 * lowerPythonCalls(context, { format: 'pythonic', calls: list.calls, repairs: [] });
 * // { calls: [{ name: 'get_weather', arguments: { city: 'Paris' }, complete: true, ... }], issues: [] }
 * ```
 */
export function lowerPythonCalls(
  context: FormatContext,
  source: PythonCallsSource,
): LoweredPythonCalls {
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  for (const call of source.calls) {
    const raw: RawCall = {
      name: call.name,
      arguments: {},
      format: source.format,
      span: { start: call.start, end: call.end },
      repairs: [...source.repairs],
      complete: call.closed,
    };
    if (call.commaMissingAt !== undefined)
      raw.repairs.push({ kind: 'missing-comma', offset: call.commaMissingAt });
    try {
      raw.arguments = lowerArguments(call, context);
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      // Rejected as malformed by the decide phase, with an envelope naming the call.
      raw.malformed = error.issue;
      issues.push(error.issue);
    }
    calls.push(raw);
  }
  if (source.calls.length === 0) {
    issues.push({
      code: 'incomplete-tool-call',
      message: `${source.format} call list cut off before its first call`,
      offset: source.start,
    });
  }
  return { calls, issues };
}

function lowerArguments(call: PythonCall, context: FormatContext): Record<string, unknown> {
  const { maxDepth } = context.limits;
  const result = createRecord();
  for (const argument of call.arguments) {
    if (argument.type === 'python-positional') {
      throw new ValueError({
        code: 'malformed-tool-call',
        message: positionalMessage(call.name, context),
        offset: argument.start,
      });
    }
    if (Object.hasOwn(result, argument.key)) {
      throw new ValueError({
        code: 'malformed-tool-call',
        message: `keyword argument "${argument.key}" repeated in the call to "${call.name}"`,
        offset: argument.start,
      });
    }
    // A value cut off by the end of the output is left out; the call is incomplete anyway.
    if (argument.value.type === 'python-missing') continue;
    setOwn(result, argument.key, lowerValue(argument.value, 1, maxDepth));
  }
  return result;
}

/**
 * What a call with a positional argument is refused with: which parameter a value without its
 * keyword was meant for is not written (the schema's order is no promise of the model's), so the
 * model is asked for keywords, told the tool's parameters where its schema names them.
 */
function positionalMessage(name: string, context: FormatContext): string {
  const properties = context.tools?.get(name)?.parameters['properties'];
  const names = isPlainObject(properties) ? Object.keys(properties) : [];
  const takes = names.length === 0 ? '' : ` (${name} takes ${clipList(names)})`;
  return `an argument of "${name}" has no keyword; write each as name=value${takes}`;
}

/** Parameter names listed in a message, the first few only. */
function clipList(names: readonly string[]): string {
  return names.length > 8 ? `${names.slice(0, 8).join(', ')}, ...` : names.join(', ');
}

function lowerValue(value: PythonValue, depth: number, maxDepth: number): unknown {
  return match(value)
    .with({ type: 'python-string' }, (node) => decodePythonString(node))
    .with({ type: 'python-number' }, (node) => {
      checkDecimalLiteral(node.text, node.start);
      return readPythonNumber(node.text);
    })
    .with({ type: 'python-constant' }, (node) => constantValue(node.name))
    .with({ type: 'python-missing' }, () => null)
    .with({ type: 'python-sequence' }, (node) => {
      // `(x)` is a parenthesised value; only a comma makes a tuple.
      const [only] = node.items;
      if (node.bracket === '(' && !node.comma && only !== undefined) {
        return lowerValue(only, depth, maxDepth);
      }
      checkDepth(depth, maxDepth, node.start);
      return node.items
        .filter((item) => item.type !== 'python-missing')
        .map((item) => lowerValue(item, depth + 1, maxDepth));
    })
    .with({ type: 'python-dict' }, (node) => {
      checkDepth(depth, maxDepth, node.start);
      const result = createRecord();
      for (const entry of node.entries) {
        if (entry.value.type === 'python-missing') continue;
        setOwn(result, dictKey(entry.key), lowerValue(entry.value, depth + 1, maxDepth));
      }
      return result;
    })
    .exhaustive();
}

function checkDepth(depth: number, maxDepth: number, offset: number): void {
  if (depth > maxDepth) {
    throw new ValueError({
      code: 'too-deep',
      message: `arguments nest deeper than ${maxDepth} levels`,
      offset,
    });
  }
}

/**
 * An integer with leading zeros (`0123`, `-007`) is not a Python literal: Python 3 refuses it, and
 * it may stand for text (a PIN, a zip code, whose zeros reading it as 123 drops) or for a Python 2
 * octal (83). No reading is safe, so the call is not run, and the model is told both spellings.
 * Zeros alone (`00`) and floats (`0123.5`) are valid Python, read as written.
 */
function checkDecimalLiteral(text: string, offset: number): void {
  if (!LEADING_ZERO_INTEGER.test(text)) return;
  const digits = text.replace(/^[+-]/, '').replaceAll('_', '');
  // The number as digits, not as JavaScript prints it: past 2^53 or 1e308 that is a float or
  // `Infinity`, neither of which is the integer the model wrote.
  const number = `${text.startsWith('-') ? '-' : ''}${digits.replace(/^0+/, '')}`;
  throw new ValueError({
    code: 'malformed-tool-call',
    message: `${clipLiteral(text)} is not a Python number (an integer cannot start with 0); write ${clipLiteral(number)} for the number, or '${clipLiteral(digits)}' in quotes for the text`,
    offset,
  });
}

/** A literal quoted in a message, cut short: the model may have written thousands of digits. */
function clipLiteral(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/** A decimal integer whose first digit is 0 and which is not zero (see `checkDecimalLiteral`). */
const LEADING_ZERO_INTEGER = /^[+-]?0[0_]*[1-9][0-9_]*$/;

/** Dict keys become JSON object keys the way Python's `json.dumps` writes them. */
function dictKey(key: PythonValue): string {
  const value = lowerValue(key, 0, 0);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function constantValue(name: 'True' | 'False' | 'None' | 'true' | 'false' | 'null'): unknown {
  return match(name)
    .with('True', 'true', () => true)
    .with('False', 'false', () => false)
    .with('None', 'null', () => null)
    .exhaustive();
}

/**
 * Reads a Python number literal as written by the grammar (sign, underscores, `0x`/`0o`/`0b`).
 *
 * @param text - The literal, e.g. `-1_000`, `0x1F`, `2.5e-3`.
 * @returns The number.
 */
export function readPythonNumber(text: string): number {
  const negative = text.startsWith('-');
  const unsigned = (/^[+-]/.test(text) ? text.slice(1) : text).replaceAll('_', '');
  const radix = RADIX[unsigned.slice(0, 2).toLowerCase()];
  const magnitude = radix === undefined ? Number(unsigned) : parseInt(unsigned.slice(2), radix);
  return negative ? -magnitude : magnitude;
}

const RADIX: Readonly<Record<string, number>> = { '0x': 16, '0o': 8, '0b': 2 };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\n': '',
};

/**
 * Decodes a Python string literal's body: escapes as Python reads them, raw strings as written.
 * Unknown escapes (`\d`) keep their backslash, as Python does.
 *
 * @param node - The string node.
 * @returns The string's value.
 * @example
 * ```ts
 * decodePythonString({ type: 'python-string', start: 0, prefix: '', body: 'a\\nb', closed: true });
 * // 'a\nb'
 * ```
 */
export function decodePythonString(node: PythonString): string {
  const { body } = node;
  if (/r/i.test(node.prefix) || !body.includes('\\')) return body;
  let result = '';
  let index = 0;
  while (index < body.length) {
    const slash = body.indexOf('\\', index);
    if (slash === -1 || slash === body.length - 1) {
      result += body.slice(index);
      break;
    }
    result += body.slice(index, slash);
    const escape = readEscape(body, slash + 1);
    result += escape.text;
    index = escape.next;
  }
  return result;
}

function readEscape(body: string, at: number): { text: string; next: number } {
  const letter = body.charAt(at);
  const simple = SIMPLE_ESCAPES[letter];
  if (simple !== undefined) return { text: simple, next: at + 1 };
  if (letter === '\r') {
    // A backslash before a CRLF line break continues the line.
    return { text: '', next: body.charAt(at + 1) === '\n' ? at + 2 : at + 1 };
  }
  const octal = /^[0-7]{1,3}/.exec(body.slice(at, at + 3));
  if (octal !== null) {
    return { text: String.fromCodePoint(parseInt(octal[0], 8)), next: at + octal[0].length };
  }
  const width = HEX_WIDTH[letter];
  if (width !== undefined) {
    const digits = body.slice(at + 1, at + 1 + width);
    const code = /^[0-9a-f]+$/i.test(digits) ? parseInt(digits, 16) : NaN;
    if (digits.length === width && code <= 0x10ffff) {
      return { text: String.fromCodePoint(code), next: at + 1 + width };
    }
  }
  return { text: `\\${letter}`, next: at + 1 };
}

const HEX_WIDTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };
