/**
 * The text a stream holds while a section is open: appended to in small deltas, read whole only
 * when a grammar runs. Deltas are concatenated into blocks of about a thousand units (a `+=` of a
 * short string is a cheap rope node, cheaper than an array slot plus a later `join`), so a million
 * one-unit deltas neither make a million-entry array nor a million-node rope, and reading the
 * whole stays linear. (Keeping one-unit deltas as unit codes in a reused array instead saved a
 * little on one-unit deltas but cost a third more on deltas of 4 to 16 units, what models send.)
 */
import { startsAt } from '../starts-at.js';

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

/** The recent deltas become a block once they hold this many units. */
const BLOCK_UNITS = 1024;

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
  // Recent deltas, concatenated, not in a block yet.
  private recent = '';

  constructor(initial: string) {
    this.blocks = initial === '' ? [] : [initial];
    this.length = initial.length;
  }

  append(delta: string): void {
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
    return whole;
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

  /** Makes the recent deltas a block. */
  private flush(): void {
    const recent = this.recent;
    if (recent === '') return;
    // Reading a unit flattens the rope in V8: kept as a rope, a block of one-unit deltas would
    // hold about 30 bytes of nodes per unit until the next read.
    recent.charCodeAt(0);
    this.blocks.push(recent);
    this.recent = '';
  }
}
