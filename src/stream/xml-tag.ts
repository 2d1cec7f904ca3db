/**
 * The tags of `grammar/xml_invoke.peggy` (`<invoke name="f">`, `<parameter name="k">`,
 * `</parameter>`, a format's stop tokens) read one unit at a time, as the grammar reads them:
 * a tag name of the grammar's `TagName` units, for open tags attributes (`key="v"`, `key='v'`
 * or `key=v`) and blanks up to `>`, for close tags blanks up to `>`. A stream's head reader and
 * arguments writer know from it, at each unit, whether the text since `<` is still a tag, and
 * which one it was once it ends; nothing is read twice, so a long tag costs its length.
 */
import type { XmlAttribute } from '../formats/shared/xml-invoke-ast.js';
import { isBlank } from '../formats/shared/blanks.js';
import { NOT_A_TAG, TAG_GOES_ON } from './tag-text.js';

/** {@link XmlTagReader.read}: an open tag of one of the open names ended (`name`, `attributes`). */
export const OPENED = 0;
/** {@link XmlTagReader.read}: a close tag of one of the close names ended (`name`). */
export const CLOSED = 1;
/** {@link XmlTagReader.read}: one of the stop tokens was read whole. */
export const STOPPED = 2;

// Where in a tag the reader is.
const AFTER_LT = 0; // `<` read
const OPEN_NAME = 1; // `<` then name units
const CLOSE_NAME = 2; // `</` then name units
const CLOSE_GAP = 3; // a close tag's name, then blanks up to `>`
const ATTRIBUTES = 4; // an open tag's name or attribute, then blanks, a key or `>`
const KEY = 5; // an attribute key
const KEY_GAP = 6; // blanks between a key and `=`
const VALUE_GAP = 7; // blanks between `=` and the value
const DOUBLE_QUOTED = 8;
const SINGLE_QUOTED = 9;
const BARE = 10; // a value without quotes
const FAILED = 11; // no element tag: only the stops may still match

/**
 * Whether a unit belongs to the grammar's `TagName` and `AttributeName`: anything but blanks and
 * `<`, `>`, `/`, `=`, `"`, `'`.
 */
function isTagNameUnit(unit: number): boolean {
  switch (unit) {
    case 0x20:
    case 0x09:
    case 0x0d:
    case 0x0a:
    case 0x3c: // <
    case 0x3e: // >
    case 0x2f: // /
    case 0x3d: // =
    case 0x22: // "
    case 0x27: // '
      return false;
    default:
      return true;
  }
}

/** A unit of an unquoted attribute value (the grammar's third `AttributeValue`: `=` allowed). */
function isBareUnit(unit: number): boolean {
  return unit === 0x3d || isTagNameUnit(unit);
}

/**
 * Reads one tag at a time, fed the units after its `<` (see {@link XmlTagReader.start}).
 *
 * @example
 * ```ts
 * const reader = new XmlTagReader(['parameter'], ['parameter', 'invoke'], []);
 * reader.start();
 * [...'parameter name="city">'].map((char) => reader.read(char.charCodeAt(0), char)).at(-1); // OPENED
 * reader.attributes; // [{ type: 'xml-attribute', key: 'name', value: 'city', start: 0 }]
 * ```
 */
export class XmlTagReader {
  /** The tag's name (once {@link OPENED} or {@link CLOSED}). */
  name = '';
  /** An open tag's attributes, in the order written (once {@link OPENED}). */
  attributes: XmlAttribute[] = [];
  private place = AFTER_LT;
  // Units read since `<` (the `<` is the first).
  private length = 1;
  private key = '';
  private value = '';
  // The stops that still start with the text read, one bit each.
  private stopsAlive = 0;

  /**
   * @param openNames - The element names whose open tags are read (with the tag prefix).
   * @param closeNames - The element names whose close tags are read.
   * @param stops - Literal tokens, each starting with `<`, that are read as they are written; none
   * may also be one of the element tags (the stops of the formats using it are not).
   */
  constructor(
    private readonly openNames: readonly string[],
    private readonly closeNames: readonly string[],
    private readonly stops: readonly string[],
  ) {}

  /** Starts a new tag: its `<` was just read. */
  start(): void {
    this.place = AFTER_LT;
    this.length = 1;
    this.name = '';
    this.attributes = [];
    this.stopsAlive = (1 << this.stops.length) - 1;
  }

  /**
   * Reads the tag's next unit.
   *
   * @param unit - Its UTF-16 code.
   * @param char - The unit as a string.
   * @returns {@link OPENED}, {@link CLOSED} or {@link STOPPED} once the tag ends with this unit;
   * {@link TAG_GOES_ON} while the text may still become one; {@link NOT_A_TAG} once it cannot.
   */
  read(unit: number, char: string): number {
    const index = this.length;
    this.length += 1;
    if (this.stopsAlive !== 0) {
      const stopped = this.readStop(index, unit);
      if (stopped !== TAG_GOES_ON) return stopped;
    }
    const place = this.element(unit, char);
    if (place !== TAG_GOES_ON) return place;
    return this.place === FAILED && this.stopsAlive === 0 ? NOT_A_TAG : TAG_GOES_ON;
  }

  /** The stops' side of a unit: {@link STOPPED} when one is read whole. */
  private readStop(index: number, unit: number): number {
    let alive = this.stopsAlive;
    for (let each = 0; each < this.stops.length; each += 1) {
      const bit = 1 << each;
      if ((alive & bit) === 0) continue;
      const stop = this.stops[each] as string;
      if (stop.charCodeAt(index) !== unit) {
        alive &= ~bit;
        continue;
      }
      if (index === stop.length - 1) return STOPPED;
    }
    this.stopsAlive = alive;
    return TAG_GOES_ON;
  }

  /** The element tags' side of a unit. */
  private element(unit: number, char: string): number {
    switch (this.place) {
      case AFTER_LT:
        if (unit === 0x2f) this.place = CLOSE_NAME;
        else if (isTagNameUnit(unit)) this.nameUnit(char, this.openNames, OPEN_NAME);
        else this.place = FAILED;
        return TAG_GOES_ON;
      case OPEN_NAME:
      case CLOSE_NAME:
        if (isTagNameUnit(unit)) {
          this.nameUnit(
            char,
            this.place === OPEN_NAME ? this.openNames : this.closeNames,
            this.place,
          );
          return TAG_GOES_ON;
        }
        if (
          this.place === OPEN_NAME
            ? this.openNames.includes(this.name)
            : this.closeNames.includes(this.name)
        ) {
          this.place = this.place === OPEN_NAME ? ATTRIBUTES : CLOSE_GAP;
          return this.element(unit, char);
        }
        this.place = FAILED;
        return TAG_GOES_ON;
      case CLOSE_GAP:
        if (unit === 0x3e) return CLOSED;
        if (!isBlank(unit)) this.place = FAILED;
        return TAG_GOES_ON;
      default:
        return this.attributeUnit(unit, char);
    }
  }

  private nameUnit(char: string, names: readonly string[], place: number): void {
    this.name += char;
    const name = this.name;
    this.place = names.some((each) => each.startsWith(name)) ? place : FAILED;
  }

  /** An open tag's attributes, then its `>`. */
  private attributeUnit(unit: number, char: string): number {
    switch (this.place) {
      case ATTRIBUTES:
        if (unit === 0x3e) return OPENED;
        if (isTagNameUnit(unit)) {
          this.place = KEY;
          this.key = char;
        } else if (!isBlank(unit)) this.place = FAILED;
        return TAG_GOES_ON;
      case KEY:
        if (isTagNameUnit(unit)) this.key += char;
        else if (isBlank(unit)) this.place = KEY_GAP;
        else if (unit === 0x3d) this.place = VALUE_GAP;
        else this.place = FAILED;
        return TAG_GOES_ON;
      case KEY_GAP:
        if (unit === 0x3d) this.place = VALUE_GAP;
        else if (!isBlank(unit)) this.place = FAILED;
        return TAG_GOES_ON;
      case VALUE_GAP:
        this.value = '';
        if (unit === 0x22) this.place = DOUBLE_QUOTED;
        else if (unit === 0x27) this.place = SINGLE_QUOTED;
        else if (isBareUnit(unit)) {
          this.place = BARE;
          this.value = char;
        } else if (!isBlank(unit)) this.place = FAILED;
        return TAG_GOES_ON;
      case DOUBLE_QUOTED:
      case SINGLE_QUOTED:
        if (unit === (this.place === DOUBLE_QUOTED ? 0x22 : 0x27)) {
          this.addAttribute();
          this.place = ATTRIBUTES;
        } else if (unit === 0x3c || unit === 0x3e || unit === 0x0a) this.place = FAILED;
        else this.value += char;
        return TAG_GOES_ON;
      case BARE:
        if (isBareUnit(unit)) {
          this.value += char;
          return TAG_GOES_ON;
        }
        if (isBlank(unit) || unit === 0x3e) {
          this.addAttribute();
          this.place = ATTRIBUTES;
          return unit === 0x3e ? OPENED : TAG_GOES_ON;
        }
        this.place = FAILED;
        return TAG_GOES_ON;
      default:
        return TAG_GOES_ON;
    }
  }

  private addAttribute(): void {
    this.attributes.push({ type: 'xml-attribute', key: this.key, value: this.value, start: 0 });
  }
}
