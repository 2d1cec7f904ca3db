/**
 * The text a stream holds while a section is open: appended to in small deltas, read whole only
 * when a grammar runs. Deltas are concatenated into blocks of about a thousand units (a `+=` of a
 * short string is a cheap rope node, cheaper than an array slot plus a later `join`), so a million
 * one-unit deltas neither make a million-entry array nor a million-node rope, and reading the
 * whole stays linear.
 *
 * While every delta is one unit, the units are kept as codes in a typed array instead, made a
 * string once per block: a rope node and its later flattening cost about twice that per unit.
 * The first longer delta ends this for good (codes cost more than a rope node for deltas of 4 to
 * 16 units, what models send, and switching back and forth made a short block at each switch).
 */
import { startsAt } from '../starts-at.js';

/** A growing text; see {@link createHeldText}. */
export interface HeldText {
  append(delta: string): void;
  /**
   * Appends a one-unit delta whose code the caller has read already (the stream's per-push path
   * reads it once for all its readers).
   *
   * @param unit - `delta.charCodeAt(0)`.
   * @param delta - The one-unit delta.
   */
  appendUnit(unit: number, delta: string): void;
  /** The whole held text (joined once, then cached until the next append). */
  text(): string;
  /**
   * The held text from `start` to `end`, joined from the blocks that hold it only: a stream
   * reads each call's head and text this way, and a whole join per call would make a section of
   * many calls cost its length once per call.
   *
   * @param start - Where the slice starts (at least 0).
   * @param end - Where it ends (at most `length`).
   * @returns `text().slice(start, end)`.
   */
  slice(start: number, end: number): string;
  /**
   * Whether `text` starts with the held text, compared piece by piece: nothing is joined.
   *
   * @param text - The text to compare with.
   * @returns `text.startsWith(this.text())`.
   */
  isPrefixOf(text: string): boolean;
  readonly length: number;
}

/** The recent deltas become a block once they hold this many units. */
const BLOCK_UNITS = 1024;

/** Decodes a block of ASCII units, copied here as bytes (shared: used only while flushing). */
const ASCII = new TextDecoder();
const ASCII_BYTES = new Uint8Array(BLOCK_UNITS);
/**
 * Room for one unit, where every held text writes its first one-unit delta: full at once, it is
 * copied into the held text's own array in the same call, before any other held text can write.
 */
const FIRST_CODE = new Uint16Array(1);

/**
 * Creates a held text.
 *
 * @param initial - The text it starts with.
 * @returns The held text.
 * @example
 * ```ts
 * const held = createHeldText('<tool_call>');
 * held.append('{"name"');
 * held.text(); // '<tool_call>{"name"'
 * ```
 */
export function createHeldText(initial: string): HeldText {
  return new BlockText(initial);
}

/**
 * A class, not an object literal with a `length` getter: each literal's getter is a new function,
 * so every held text would get its own hidden class and the stream's reads of `length` would turn
 * megamorphic after a few sections. A plain field reads as fast as a local.
 */
class BlockText implements HeldText {
  length: number;
  // Blocks, in order; after a read, one block: the whole text.
  private blocks: string[];
  // Where each block starts in the text.
  private starts: number[];
  // Recent deltas, concatenated, not in a block yet.
  private recent = '';
  // While every delta was one unit: the units not in a block yet, as codes; undefined once a
  // longer delta came. Made at the first one-unit delta and grown by doubling up to a block: a
  // stream opens a held text per section, and a block-sized array made for each of many short
  // sections cost more than the sections (a flood of `{` doubled the stream's time).
  private codes: Uint16Array | undefined = FIRST_CODE;
  // How many units `codes` holds.
  private units = 0;
  // The units in `codes`, or-ed: below 0x80 while they are all ASCII.
  private high = 0;

  constructor(initial: string) {
    this.blocks = initial === '' ? [] : [initial];
    this.starts = initial === '' ? [] : [0];
    this.length = initial.length;
  }

  append(delta: string): void {
    if (delta.length === 1) this.appendUnit(delta.charCodeAt(0), delta);
    else this.appendText(delta);
  }

  appendUnit(unit: number, delta: string): void {
    const codes = this.codes;
    if (codes === undefined) {
      this.appendText(delta);
      return;
    }
    const units = this.units + 1;
    codes[units - 1] = unit;
    this.high |= unit;
    this.units = units;
    this.length += 1;
    if (units === codes.length) this.fullCodes();
  }

  /**
   * A longer delta, and every delta after it: concatenated. Out of line, so that the one-unit
   * path above is small enough for V8 to inline into the stream's push with the rest.
   */
  private appendText(delta: string): void {
    if (this.codes !== undefined) {
      this.flushUnits();
      this.codes = undefined;
    }
    this.recent += delta;
    this.length += delta.length;
    if (this.recent.length >= BLOCK_UNITS) this.flush();
  }

  text(): string {
    this.flush();
    const blocks = this.blocks;
    if (blocks.length === 1) return blocks[0] as string;
    if (blocks.length === 0) return '';
    // A new one-block array: emptying the old one by setting its length goes through a slow
    // builtin, which showed while a call head is read on every push.
    const whole = blocks.join('');
    this.blocks = [whole];
    this.starts = [0];
    return whole;
  }

  slice(start: number, end: number): string {
    this.flush();
    const { blocks, starts } = this;
    if (blocks.length === 0) return '';
    // The last block starting at or before `start` (binary search: a long stream of short deltas
    // holds many blocks between two whole reads).
    let low = 0;
    let high = blocks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= start) low = middle;
      else high = middle - 1;
    }
    const first = blocks[low] as string;
    const offset = starts[low] as number;
    if (end <= offset + first.length) return first.slice(start - offset, end - offset);
    const pieces = [first.slice(start - offset)];
    for (let index = low + 1; index < blocks.length; index += 1) {
      const block = blocks[index] as string;
      const blockStart = starts[index] as number;
      if (blockStart + block.length >= end) {
        pieces.push(block.slice(0, end - blockStart));
        break;
      }
      pieces.push(block);
    }
    return pieces.join('');
  }

  isPrefixOf(text: string): boolean {
    if (this.length > text.length) return false;
    this.flush();
    let at = 0;
    for (const block of this.blocks) {
      if (!startsAt(text, block, at)) return false;
      at += block.length;
    }
    return true;
  }

  /** The codes are full: a block's worth becomes a block, less gets twice the room. */
  private fullCodes(): void {
    const old = this.codes as Uint16Array;
    if (old.length === BLOCK_UNITS) {
      this.flushUnits();
      return;
    }
    const codes = new Uint16Array(Math.min(BLOCK_UNITS, Math.max(16, old.length * 2)));
    codes.set(old);
    this.codes = codes;
  }

  /** Makes the units in {@link codes} a block. */
  private flushUnits(): void {
    const units = this.units;
    if (units === 0) return;
    const codes = this.codes as Uint16Array;
    const block = units === BLOCK_UNITS ? codes : codes.subarray(0, units);
    if (this.high < 0x80) {
      // ASCII, as bytes, is its own UTF-8: the native decoder makes the string about ten times
      // faster than String.fromCharCode over the codes.
      ASCII_BYTES.set(block);
      this.pushBlock(ASCII.decode(ASCII_BYTES.subarray(0, units)));
    } else {
      // Lone surrogates come out as they went in (a TextDecoder would replace them). `apply`
      // takes any array-like; TypeScript's signature wants an array.
      this.pushBlock(String.fromCharCode.apply(null, block as unknown as number[]));
    }
    this.units = 0;
    this.high = 0;
  }

  /** Makes the recent deltas (or units) a block. */
  private flush(): void {
    this.flushUnits();
    const recent = this.recent;
    if (recent === '') return;
    // Reading a unit flattens the rope in V8: kept as a rope, a block of one-unit deltas would
    // hold about 30 bytes of nodes per unit until the next read.
    recent.charCodeAt(0);
    this.pushBlock(recent);
    this.recent = '';
  }

  private pushBlock(block: string): void {
    const { blocks, starts } = this;
    const last = blocks.length - 1;
    starts.push(last === -1 ? 0 : (starts[last] as number) + (blocks[last] as string).length);
    blocks.push(block);
  }
}
