/**
 * The text a stream holds while a section is open: appended to in small deltas, read whole only
 * when a grammar runs. The units of short deltas are stored as numbers in one reused array and
 * turned into a string a block of about a thousand units at a time (`String.fromCharCode` over a
 * small-integer array): a `+=` per delta allocates a rope node of about 20 bytes, and flattening
 * that rope later walks every node, which cost several times more per unit. Longer deltas are
 * kept as they are. A million one-unit deltas so make a thousand blocks, and reading the whole
 * stays linear.
 */

/** A growing text; see {@link createHeldText}. */
export interface HeldText {
  append(delta: string): void;
  /** The whole held text (joined once, then cached until the next append). */
  text(): string;
  /**
   * Whether `text` starts with the held text, compared piece by piece: nothing is joined.
   *
   * @param text - The text to compare with.
   * @returns `text.startsWith(this.text())`.
   */
  isPrefixOf(text: string): boolean;
  readonly length: number;
}

/** The pending units become a block once there are this many. */
const BLOCK_UNITS = 1024;
/** Deltas up to this long are copied unit by unit into the pending units; longer ones are kept. */
const SHORT_DELTA = 16;

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
  // Units of recent short deltas, not in a block yet: the first `count` entries. The array only
  // ever holds small integers, so V8 keeps it unboxed, and it is reused from block to block.
  private readonly units: number[] = [];
  private count = 0;

  constructor(initial: string) {
    this.blocks = initial === '' ? [] : [initial];
    this.length = initial.length;
  }

  // Small, so that V8 inlines it into the stream's per-push path; longer deltas go out of line.
  append(delta: string): void {
    if (delta.length === 1) {
      // The usual delta inside a long call: one store.
      this.length += 1;
      this.put(delta.charCodeAt(0));
    } else this.appendLonger(delta);
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
    return whole;
  }

  isPrefixOf(text: string): boolean {
    if (this.length > text.length) return false;
    this.flush();
    let at = 0;
    for (const block of this.blocks) {
      // A slice and `===`, not `startsWith(block, at)`: V8 compares equal-length strings with a
      // native block compare, while startsWith walks unit by unit (about 30 times slower on a
      // call's 20 KB of arguments).
      if (text.slice(at, at + block.length) !== block) return false;
      at += block.length;
    }
    return true;
  }

  private appendLonger(delta: string): void {
    const size = delta.length;
    this.length += size;
    if (size <= SHORT_DELTA) {
      for (let index = 0; index < size; index += 1) this.put(delta.charCodeAt(index));
      return;
    }
    this.flush();
    this.blocks.push(delta);
  }

  private put(unit: number): void {
    const units = this.units;
    const count = this.count;
    if (count < units.length) units[count] = unit;
    else units.push(unit);
    this.count = count + 1;
    if (count + 1 === BLOCK_UNITS) this.flush();
  }

  /** Turns the pending units into a block. */
  private flush(): void {
    const count = this.count;
    if (count === 0) return;
    const units = this.units;
    // Lone surrogates are kept as they are: fromCharCode takes code units, not code points. One
    // unit (a call head is read after every one-unit push) needs no copy of the array.
    let block: string;
    if (count === 1) block = String.fromCharCode(units[0] as number);
    else
      block = String.fromCharCode.apply(
        null,
        count === units.length ? units : units.slice(0, count),
      );
    this.blocks.push(block);
    this.count = 0;
  }
}
