/**
 * The arguments of a Python-style call (`get_weather(city="Paris", days=2)`, lfm2's
 * `grammar/python_call.peggy`) as canonical JSON while the model writes them: `KEY=VALUE`
 * becomes `"KEY":VALUE`, the text `JSON.stringify` gives of the call's arguments once the grammar
 * has read the list. A plain string value (quoted, no prefix letter) streams unit by unit as it is
 * written, each escape once it is whole, decoded as the lowering decodes it. Any other value
 * (a number, a constant, a list, a dict, a tuple, a string with a prefix or triple quotes) is
 * written once it ends, read by the grammar and the lowering themselves.
 *
 * Where the text is not what the grammar reads as a clean call (a positional argument, a key
 * without `=`, a value that does not read as one value), the writer stalls: what it sent is still
 * a prefix of what a clean reading gives, and the call is otherwise refused, by name.
 */
import { parse as parseLfm2 } from '../generated/lfm2.js';
import type { Lfm2Section } from '../formats/lfm2/ast.js';
import type { ParseLimits } from '../formats/format.js';
import { decodePythonString, lowerPythonCalls } from '../formats/shared/python-lower.js';
import { readWhole } from '../formats/shared/run-grammar.js';
import { isBlank } from '../formats/shared/blanks.js';
import { isNameStartUnit, isWordUnit } from '../formats/shared/name-units.js';
import { isHexDigit } from '../json/char-codes.js';
import type { CallArgumentsWriter } from './json-writer.js';
import { isPlainUnit, STALLED, stringText, TaggedTextWriter, WRITTEN } from './tag-text.js';

// What the writer reads.
const BEFORE_KEY = 0; // blanks, then a key or `)` (after `(` or a `,`)
const KEY = 1; // the key's identifier
const AFTER_KEY = 2; // blanks, then `=`
const VALUE_START = 3; // blanks, then the value's first unit
const OPENING = 4; // quotes at the value's start: how many tells an empty, plain or triple string
const STRING = 5; // a plain string's text, streamed
const ESCAPE = 6; // an escape in a plain string, from its backslash, until it is whole
const RAW = 7; // any other value, kept until it ends
const AFTER_VALUE = 8; // blanks, then `,` or `)`

const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE_PAREN = 0x29;
const EQUALS = 0x3d;

/**
 * Creates the writer of a Python-style call's arguments, fed the text after its `(`.
 *
 * @param limits - The parser's limits (`maxDepth` bounds the values read).
 * @returns The writer.
 * @example
 * ```ts
 * const writer = createPythonCallWriter(DEFAULT_LIMITS);
 * writer.write('city="Ant'); // '{"city":"Ant'
 * writer.write('werp", days=2)'); // 'werp","days":2}'
 * ```
 */
export function createPythonCallWriter(limits: ParseLimits): CallArgumentsWriter {
  return new PythonCallWriter(limits);
}

class PythonCallWriter extends TaggedTextWriter {
  private key = '';
  private parameters = 0;
  // The string's quote and how many were read at the value's start (OPENING).
  private quote = 0;
  private quotes = 0;
  // ESCAPE: the escape's text from its backslash. RAW: whether the next unit is escaped.
  private escape = '';
  private escapeNext = false;
  // RAW: the value's text, how deep its brackets are open, and the quote of the string it is
  // inside (0 outside one), with whether the next unit is escaped.
  private raw = '';
  private depth = 0;
  private inString = 0;

  constructor(private readonly limits: ParseLimits) {
    super();
  }

  protected passesThrough(unit: number): boolean {
    return (
      // isPlainUnit leaves out `"` and `\` too; a `'` string's quote is left out here.
      this.mode === STRING && unit !== this.quote && this.high === '' && isPlainUnit(unit)
    );
  }

  protected read(unit: number, char: string): void {
    switch (this.mode) {
      case BEFORE_KEY:
        if (isBlank(unit)) return;
        if (unit === CLOSE_PAREN) this.end();
        else if (isNameStartUnit(unit)) {
          this.key = char;
          this.mode = KEY;
        } else this.mode = STALLED;
        return;
      case KEY:
        if (isWordUnit(unit)) this.key += char;
        else if (unit === EQUALS) this.startValue();
        else if (isBlank(unit)) this.mode = AFTER_KEY;
        else this.mode = STALLED;
        return;
      case AFTER_KEY:
        if (unit === EQUALS) this.startValue();
        else if (!isBlank(unit)) this.mode = STALLED;
        return;
      case VALUE_START:
        this.valueStart(unit, char);
        return;
      case OPENING:
        this.opening(unit, char);
        return;
      case STRING:
        this.stringUnit(unit, char);
        return;
      case ESCAPE:
        this.escapeUnit(unit, char);
        return;
      case RAW:
        this.rawUnit(unit, char);
        return;
      case AFTER_VALUE:
        this.afterValue(unit);
        return;
      default:
    }
  }

  /** The key's `=`: its member starts (the separator before it is certain now). */
  private startValue(): void {
    this.out += `${this.parameters === 0 ? '{' : ','}${JSON.stringify(this.key)}:`;
    this.parameters += 1;
    this.mode = VALUE_START;
  }

  private valueStart(unit: number, char: string): void {
    if (isBlank(unit)) return;
    if (unit === 0x22 || unit === 0x27) {
      this.quote = unit;
      this.quotes = 1;
      this.mode = OPENING;
      return;
    }
    // A value may not be left out before a `,` or `)` (only at the end of the output).
    if (unit === COMMA || unit === CLOSE_PAREN) {
      this.mode = STALLED;
      return;
    }
    this.startRaw('');
    this.rawUnit(unit, char);
  }

  /** Quotes at the value's start: one opens a plain string, two an empty one, three a triple. */
  private opening(unit: number, char: string): void {
    const quote = String.fromCharCode(this.quote);
    if (unit === this.quote) {
      this.quotes += 1;
      if (this.quotes < 3) return;
      // A triple-quoted string: kept whole, read at its end.
      this.startRaw(quote.repeat(3));
      this.inString = this.quote;
      return;
    }
    if (this.quotes === 2) {
      this.out += '""';
      this.mode = AFTER_VALUE;
      this.afterValue(unit);
      return;
    }
    this.out += '"';
    this.mode = STRING;
    this.high = '';
    this.stringUnit(unit, char);
  }

  private stringUnit(unit: number, char: string): void {
    if (unit === this.quote) {
      if (this.high !== '') this.out += stringText(this.high);
      this.high = '';
      this.out += '"';
      this.mode = AFTER_VALUE;
      return;
    }
    if (unit === BACKSLASH) {
      // A high surrogate held before it stays held: the escape may give its pair.
      this.escape = char;
      this.mode = ESCAPE;
      return;
    }
    this.stringChar(unit, char);
  }

  /** One unit of a string's text, a high surrogate held for its pair. */
  private stringChar(unit: number, char: string): void {
    if (this.flushHigh(unit, char)) return;
    this.textUnit(unit, char);
  }

  /**
   * One unit after a backslash: the escape goes on while the lowering's reading may take the
   * unit (up to three octal digits, a `\x`, `\u` or `\U` escape's hex digits, the LF of a
   * CRLF); once whole it is decoded as the lowering decodes it, and a unit it does not take is
   * read as string text again.
   */
  private escapeUnit(unit: number, char: string): void {
    const escape = this.escape;
    if (escape.length > 1 && !takes(escape, unit)) {
      this.endEscape();
      this.stringUnit(unit, char);
      return;
    }
    this.escape = escape + char;
    if (!mayGoOn(this.escape)) this.endEscape();
  }

  private endEscape(): void {
    const decoded = decodePythonString({
      type: 'python-string',
      start: 0,
      prefix: '',
      body: this.escape,
      closed: true,
    });
    this.escape = '';
    this.mode = STRING;
    for (let index = 0; index < decoded.length; index += 1) {
      this.stringChar(decoded.charCodeAt(index), decoded[index] as string);
    }
  }

  private startRaw(text: string): void {
    this.raw = text;
    this.depth = 0;
    this.inString = 0;
    this.escapeNext = false;
    this.mode = RAW;
  }

  /**
   * One unit of a value kept whole: brackets and quoted strings are followed so that its end, a
   * `,` or `)` outside them, is found. A triple-quoted string is followed as its quote alone
   * (three strings): a quote inside it can mislead the split, and then the value does not read
   * as one value, and the writer stalls.
   */
  private rawUnit(unit: number, char: string): void {
    const inString = this.inString;
    if (inString !== 0) {
      this.raw += char;
      if (this.escapeNext) this.escapeNext = false;
      else if (unit === BACKSLASH) this.escapeNext = true;
      else if (unit === inString) {
        // A triple string's first closing quote starts its end; it is followed quote by quote.
        this.inString = 0;
      }
      return;
    }
    if (this.depth === 0 && (unit === COMMA || unit === CLOSE_PAREN)) {
      this.endRaw();
      if (this.mode === AFTER_VALUE) this.afterValue(unit);
      return;
    }
    this.raw += char;
    if (unit === 0x22 || unit === 0x27) this.inString = unit;
    else if (unit === 0x28 || unit === 0x5b || unit === 0x7b) this.depth += 1;
    else if (unit === 0x29 || unit === 0x5d || unit === 0x7d) {
      if (this.depth === 0) this.mode = STALLED;
      else this.depth -= 1;
    }
  }

  /** A value kept whole ended: read by the grammar and the lowering, as they read the call. */
  private endRaw(): void {
    const value = readPythonValue(this.raw, this.limits);
    this.raw = '';
    if (value === undefined) {
      this.mode = STALLED;
      return;
    }
    this.out += value;
    this.mode = AFTER_VALUE;
  }

  private afterValue(unit: number): void {
    if (isBlank(unit)) return;
    if (unit === COMMA) this.mode = BEFORE_KEY;
    else if (unit === CLOSE_PAREN) this.end();
    else this.mode = STALLED;
  }

  /** The call's `)`: the arguments are whole. */
  private end(): void {
    this.out += this.parameters === 0 ? '{}' : '}';
    this.mode = WRITTEN;
  }
}

const PROBE_OPEN = '<|tool_call_start|>[f(k=';
const PROBE_CLOSE = ')]<|tool_call_end|>';

/**
 * One value's text as the grammar and the lowering read it in a call, as canonical JSON: the
 * value is read as the only argument of a closed call, and must read as one whole value.
 *
 * @returns The JSON text, or `undefined` when the text is not one value a clean call holds.
 */
function readPythonValue(raw: string, limits: ParseLimits): string | undefined {
  const text = PROBE_OPEN + raw + PROBE_CLOSE;
  const section = readWhole<Lfm2Section>(parseLfm2, text, 'Section');
  if (
    section === undefined ||
    section.type !== 'lfm2-python' ||
    !section.closed ||
    !section.list.closed
  )
    return undefined;
  const [call, other] = section.list.calls;
  if (call === undefined || other !== undefined || !call.closed) return undefined;
  const lowered = lowerPythonCalls(
    { text, tools: undefined, limits },
    { format: 'lfm2', calls: [call], repairs: [], start: 0 },
  );
  const read = lowered.calls[0];
  if (read === undefined || read.malformed !== undefined || !Object.hasOwn(read.arguments, 'k')) {
    return undefined;
  }
  if (Object.keys(read.arguments).length !== 1) return undefined;
  return JSON.stringify(read.arguments.k);
}

/** Hex digits a `\x`, `\u` or `\U` escape takes. */
const HEX_WIDTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/** Whether an escape's text (`\` and at least one unit) may still take more units. */
function mayGoOn(escape: string): boolean {
  const letter = escape.charAt(1);
  if (letter === '\r') return escape.length === 2;
  if (isOctal(letter.charCodeAt(0))) return escape.length < 4;
  const width = HEX_WIDTH[letter];
  return width !== undefined && escape.length < 2 + width;
}

/** Whether an escape that may go on takes `unit` as its next unit. */
function takes(escape: string, unit: number): boolean {
  const letter = escape.charAt(1);
  if (letter === '\r') return unit === 0x0a;
  if (isOctal(letter.charCodeAt(0))) return isOctal(unit);
  return HEX_WIDTH[letter] !== undefined && isHexDigit(unit);
}

function isOctal(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x37;
}
