/**
 * The text of a section that reads text, not calls (harmony's `analysis` and `final` messages),
 * sent as it is written: from its head (`Format.readTextHead`) to the first of its stop tokens.
 * What may still turn out to start a stop token is held back until the next units show it.
 */
import { startsAt } from '../starts-at.js';

/** Sends a section's text as it becomes certain; see {@link createSectionTextWriter}. */
export interface SectionTextWriter {
  /**
   * Reads the next text of the section.
   *
   * @param delta - The text after what was fed before (the first call: from the head's start).
   * @returns The text now certain to be the section's, possibly `''`.
   */
  write(delta: string): string;
  /** Units sent so far. */
  readonly sent: number;
}

/**
 * Creates a writer for the text that runs to the first of `stops`.
 *
 * @param stops - Non-empty tokens that end the text wherever they occur.
 * @returns The writer; its work is linear in the text fed.
 * @example
 * ```ts
 * const writer = createSectionTextWriter(['<|end|>']);
 * writer.write('Thinking <|e'); // 'Thinking '
 * writer.write('nd|> more'); // ''
 * ```
 */
export function createSectionTextWriter(stops: readonly string[]): SectionTextWriter {
  return new TextWriter(stops);
}

class TextWriter implements SectionTextWriter {
  sent = 0;
  // Fed, not sent: a tail that may start a stop token (shorter than the longest one).
  private pending = '';
  private done = false;
  // The unit every stop starts with, or '' when they differ: a delta without it, with nothing
  // held back, is sent whole.
  private readonly first: string;
  // The longest stop's length: a held-back tail is shorter.
  private readonly longest: number;

  constructor(private readonly stops: readonly string[]) {
    const first = stops[0]?.charAt(0) ?? '';
    this.first = stops.every((stop) => stop.charAt(0) === first) ? first : '';
    this.longest = stops.reduce((longest, stop) => Math.max(longest, stop.length), 0);
  }

  write(delta: string): string {
    if (this.done) return '';
    if (this.pending === '' && this.first !== '' && !delta.includes(this.first)) {
      this.sent += delta.length;
      return delta;
    }
    // Short: what was held back (less than a stop) and the new delta.
    const text = this.pending + delta;
    let end = -1;
    for (const stop of this.stops) {
      const at = text.indexOf(stop);
      if (at !== -1 && (end === -1 || at < end)) end = at;
    }
    if (end !== -1) {
      this.done = true;
      this.pending = '';
      this.sent += end;
      return text.slice(0, end);
    }
    const hold = this.heldFrom(text);
    this.pending = text.slice(hold);
    this.sent += hold;
    return text.slice(0, hold);
  }

  /**
   * Where the tail that may still start a stop begins: the first position whose rest is a
   * proper prefix of a stop (text.length when none is). Earlier positions hold no stop (the
   * search above found none), so what comes before is certain.
   */
  private heldFrom(text: string): number {
    for (let at = Math.max(0, text.length - this.longest + 1); at < text.length; at += 1) {
      const rest = text.slice(at);
      if (this.stops.some((stop) => rest.length < stop.length && startsAt(stop, rest, 0))) {
        return at;
      }
    }
    return text.length;
  }
}
