/**
 * The text a stream holds while a section is open: appended to in small deltas, read whole only
 * when a grammar runs. Deltas are merged into blocks so a million one-unit deltas neither make a
 * million-entry array nor a million-node rope, and reading it whole stays linear.
 */

/** A growing text; see {@link createHeldText}. */
export interface HeldText {
  append(delta: string): void;
  /** The whole held text (joined once, then cached until the next append). */
  text(): string;
  readonly length: number;
}

/** Deltas merged into one block once this many are waiting. */
const BLOCK = 256;

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
  // Merged blocks, in order; the last one is the cached whole text after a read.
  const blocks: string[] = initial === '' ? [] : [initial];
  // Recent deltas not merged yet, so appends stay O(1).
  let recent: string[] = [];
  let length = initial.length;
  return {
    append(delta) {
      if (delta === '') return;
      recent.push(delta);
      length += delta.length;
      if (recent.length >= BLOCK) {
        blocks.push(recent.join(''));
        recent = [];
      }
    },
    text() {
      if (recent.length > 0) {
        blocks.push(recent.join(''));
        recent = [];
      }
      if (blocks.length > 1) {
        const whole = blocks.join('');
        blocks.length = 0;
        blocks.push(whole);
      }
      return blocks[0] ?? '';
    },
    get length() {
      return length;
    },
  };
}
