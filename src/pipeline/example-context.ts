/**
 * The example-context guard (ds2api): a call shown inside a fenced code block that the text
 * introduces as an example ("For example:", "e.g.", "like this") is documentation, not a call.
 * It is reported as seen, and its text stays content.
 */

/** A code fence: three backticks (the stream's guard and marker hold-back use it too). */
export const FENCE = '```';

/**
 * How far back from a fence the introduction is looked for (the stream's guard keeps as much
 * text before each fence).
 */
export const INTRODUCTION_WINDOW = 160;

/** Words that introduce an example, matched case-insensitively in the introduction. */
const EXAMPLE_CUES: readonly string[] = [
  'example',
  'e.g.',
  'for instance',
  'sample',
  'like this',
  'looks like',
  'such as',
  'syntax',
];

/** A fenced block introduced as an example. */
export interface ExampleBlock {
  start: number;
  /** After the closing fence, or the end of the output when it never closes. */
  end: number;
}

/**
 * Creates a cursor over fences that open example blocks.
 *
 * @param text - The whole output.
 * @returns `next(from)`: the first example block opening at or after `from`, or `undefined`.
 * Fences that no example cue introduces are skipped (they may be a fenced payload). Linear: each
 * fence is looked at once, with a bounded look-back.
 * @example
 * ```ts
 * createExampleCursor('For example:\n```\n<tool_call>...</tool_call>\n```').next(0); // { start: 13, end: 47 }
 * ```
 */
export function createExampleCursor(text: string): ExampleCursor {
  return new FenceCursor(text);
}

/** A cursor over the example blocks of one text (see {@link createExampleCursor}). */
export interface ExampleCursor {
  next(from: number): ExampleBlock | undefined;
}

/**
 * The cursor's state in one object: every parse makes a cursor, and as a closure over its
 * variables it cost three objects (the closure, its context and the object holding it).
 */
class FenceCursor implements ExampleCursor {
  private cached: ExampleBlock | undefined = undefined;
  private searchedFrom = -1;
  private exhausted = false;

  constructor(private readonly text: string) {}

  next(from: number): ExampleBlock | undefined {
    if (this.exhausted) return undefined;
    const { text } = this;
    if (this.cached !== undefined && this.cached.start >= from) return this.cached;
    let at = Math.max(from, this.searchedFrom);
    for (;;) {
      const open = text.indexOf(FENCE, at);
      if (open === -1) {
        this.exhausted = true;
        return undefined;
      }
      const close = text.indexOf(FENCE, open + FENCE.length);
      const end = close === -1 ? text.length : close + FENCE.length;
      if (isIntroducedAsExample(text, open)) {
        this.cached = { start: open, end };
        this.searchedFrom = open;
        return this.cached;
      }
      // A fence with no cue: skip its whole block, so its closing fence is not read as an opening.
      at = end;
      this.searchedFrom = at;
    }
  }
}

/**
 * Whether the paragraph right before a fence introduces it as an example (an example cue in its
 * last {@link INTRODUCTION_WINDOW} units).
 *
 * @param text - Text holding the fence.
 * @param fence - Where the fence starts.
 * @returns True when a cue introduces it.
 * @example
 * ```ts
 * isIntroducedAsExample('For example:\n```', 13); // true
 * ```
 */
export function isIntroducedAsExample(text: string, fence: number): boolean {
  const introduction = text.slice(Math.max(0, fence - INTRODUCTION_WINDOW), fence).toLowerCase();
  // Only the paragraph right before the fence introduces it.
  const paragraphStart = introduction.lastIndexOf('\n\n');
  const paragraph = paragraphStart === -1 ? introduction : introduction.slice(paragraphStart);
  return EXAMPLE_CUES.some((cue) => paragraph.includes(cue));
}
