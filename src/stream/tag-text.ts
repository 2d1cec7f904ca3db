/**
 * Pieces shared by the writers of arguments written as tagged text (`<parameter=KEY>VALUE`,
 * `<arg_key>KEY</arg_key><arg_value>VALUE`): matching the tags a value or a gap stops at, and
 * writing value text as `JSON.stringify` writes it inside a string.
 */
import type { CallArgumentsWriter, JsonWriterState } from './json-writer.js';

/**
 * How far a tag read so far matches a syntax's tags.
 *
 * @param tag - The text read since `<`, `<` included.
 * @param tags - The tags that may come there, each with what it does.
 * @returns What the tag written in full does; `-1` while `tag` is the start of one of them
 * still; `-2` when it is none of them.
 * @example
 * ```ts
 * matchTag('</par', [['</parameter>', 1]]); // -1
 * ```
 */
export function matchTag(tag: string, tags: readonly (readonly [string, number])[]): number {
  let prefix = false;
  for (const [written, action] of tags) {
    if (written === tag) return action;
    if (!prefix && written.startsWith(tag)) prefix = true;
  }
  return prefix ? TAG_GOES_ON : NOT_A_TAG;
}

/** {@link matchTag}: the text may still become a tag. */
export const TAG_GOES_ON = -1;
/** {@link matchTag}: the text is no tag. */
export const NOT_A_TAG = -2;

/**
 * Whether a UTF-16 unit is written as it is inside a JSON string (not a quote, a backslash, a
 * control unit or half a surrogate pair).
 *
 * @param unit - The unit.
 * @returns True when `JSON.stringify` writes it unchanged.
 */
export function isPlainUnit(unit: number): boolean {
  return unit >= 0x20 && unit !== 0x22 && unit !== 0x5c && (unit < 0xd800 || unit > 0xdfff);
}

/**
 * Text as `JSON.stringify` writes it inside a string. A surrogate pair must not be split between
 * two calls: each half alone is written as an escape.
 *
 * @param text - The text.
 * @returns Its escaped form, without the quotes.
 * @example
 * ```ts
 * stringText('say "hi"\n'); // 'say \\"hi\\"\\n'
 * ```
 */
export function stringText(text: string): string {
  if (text.length === 1 && isPlainUnit(text.charCodeAt(0))) return text;
  return JSON.stringify(text).slice(1, -1);
}

/**
 * Whether a unit is one `String.prototype.trim` removes (white space and line terminators).
 *
 * @param unit - The unit.
 * @returns True for the units `trim` drops at either end of a text.
 */
export function isTrimmedUnit(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  if (unit < 0xa0) return false;
  return (
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  );
}

/** {@link TaggedTextWriter}'s mode while a tag is read (see `startTag`). */
export const READING_TAG = 99;
/** {@link TaggedTextWriter}'s mode once the arguments are whole. */
export const WRITTEN = 100;
/** {@link TaggedTextWriter}'s mode once the text is what the grammar reads as a malformed call. */
export const STALLED = 101;

/**
 * What the writers of tagged arguments share: the writer's outward face (`state`, `write`,
 * `writeUnit`), the text written by one call into them, and value text written as a JSON string
 * with a high surrogate held until the unit after it. A subclass reads the syntax unit by unit
 * (`read`) in modes of its own, below {@link WRITTEN}.
 */
export abstract class TaggedTextWriter implements CallArgumentsWriter {
  // What was sent is never the raw text: the stream keeps its own copy.
  readonly verbatim = false;
  readonly plainKeys = false;
  protected mode = 0;
  // What the current `write` or `writeUnit` call gives.
  protected out = '';
  // A high surrogate of value text, held until the unit after it shows whether it is paired.
  protected high = '';
  // The mode a tag being read started in, and its text so far (from its `<`).
  protected tagFrom = 0;
  protected tag = '';
  // Trimmed value text (see `trimmedUnit`): whether it has started (blanks before it are
  // dropped), and the blanks held at its end.
  protected textStarted = false;
  protected heldBlanks = '';
  // Units read while the arguments were open: where they ended, once written.
  readLength = 0;

  get state(): JsonWriterState {
    return this.mode === WRITTEN ? 'done' : this.mode === STALLED ? 'stalled' : 'open';
  }

  writeUnit(unit: number, char: string): string {
    // The usual unit of a long text value is written as it is.
    if (this.passesThrough(unit)) {
      this.readLength += 1;
      return char;
    }
    this.out = '';
    if (this.mode < WRITTEN) {
      this.readLength += 1;
      this.read(unit, char);
    }
    return this.out;
  }

  write(text: string): string {
    this.out = '';
    let index = 0;
    for (; index < text.length && this.mode < WRITTEN; index += 1) {
      this.read(text.charCodeAt(index), text[index] as string);
    }
    this.readLength += index;
    return this.out;
  }

  /** Whether `unit`, read now, is written unchanged and changes nothing else. */
  protected abstract passesThrough(unit: number): boolean;

  /** Reads one unit (nothing once the mode is {@link WRITTEN} or {@link STALLED}). */
  protected abstract read(unit: number, char: string): void;

  /** Starts reading a tag at a `<` read in mode `from`. */
  protected startTag(from: number): void {
    this.mode = READING_TAG;
    this.tagFrom = from;
    this.tag = '<';
  }

  /**
   * Reads one more unit of a tag, against the tags that may come where it started. Once the
   * answer is known the mode is back to the one the tag started in, `tag` holding its text.
   *
   * @param char - The unit.
   * @param tags - The tags that may come there, each with what it does.
   * @returns What the tag does; {@link TAG_GOES_ON} while it may still become one;
   * {@link NOT_A_TAG} when it is none (its text is then the caller's to read again).
   */
  protected readTag(char: string, tags: readonly (readonly [string, number])[]): number {
    this.tag += char;
    const action = matchTag(this.tag, tags);
    if (action !== TAG_GOES_ON) this.mode = this.tagFrom;
    return action;
  }

  /**
   * Writes the high surrogate held before `unit`, with `unit` when it is its pair.
   *
   * @returns True when `unit` was written with it.
   */
  protected flushHigh(unit: number, char: string): boolean {
    if (this.high === '') return false;
    const high = this.high;
    this.high = '';
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      this.out += stringText(high + char);
      return true;
    }
    this.out += stringText(high);
    return false;
  }

  /**
   * Writes one unit of value text that is trimmed (as `String.prototype.trim` trims): blanks
   * before the text are dropped, blanks after it held until text follows them (at the value's
   * end they are dropped), a high surrogate held for its pair. A value starts with
   * `textStarted` false and `heldBlanks` empty.
   */
  protected trimmedUnit(unit: number, char: string): void {
    if (!this.textStarted) {
      if (isTrimmedUnit(unit)) return;
      this.textStarted = true;
    }
    if (this.flushHigh(unit, char)) return;
    if (isTrimmedUnit(unit)) {
      this.heldBlanks += char;
      return;
    }
    if (this.heldBlanks !== '') {
      this.out += stringText(this.heldBlanks);
      this.heldBlanks = '';
    }
    this.textUnit(unit, char);
  }

  /** Writes one unit of value text, holding a high surrogate. */
  protected textUnit(unit: number, char: string): void {
    if (unit >= 0xd800 && unit <= 0xdbff) this.high = char;
    else this.out += stringText(char);
  }
}
