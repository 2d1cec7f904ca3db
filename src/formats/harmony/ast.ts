/** AST of `grammar/harmony.peggy`. */

/** A half-open range of the output, as the grammar's `range()` gives it. */
interface Range {
  start: number;
  end: number;
}

/** A section is one message (a stream settles each at its end token). */
export type HarmonySection = HarmonyMessage;

/** One message: its header parts and its body. */
export interface HarmonyMessage {
  type: 'harmony-message';
  start: number;
  end: number;
  parts: HarmonyHeaderPart[];
  /** `null` when the output ended inside the header. */
  body: { text: Range; end: HarmonyTerminator } | null;
}

/** `<|start|>`, `<|channel|>` or `<|constrain|>` and the words after it. */
export interface HarmonyHeaderPart {
  token: 'start' | 'channel' | 'constrain';
  words: HarmonyWord[];
}

/** A header word: `to=RECIPIENT`, or a plain word (a role, a channel, a content type). */
export type HarmonyWord =
  { type: 'harmony-recipient'; name: Range } | { type: 'harmony-word'; text: Range };

/**
 * How the body ended: `<|end|>`, `<|return|>`, `<|call|>` (after which the output is dropped), or
 * `open` when the next message or the end of the output came first.
 */
export type HarmonyTerminator =
  { kind: 'end' } | { kind: 'return' } | { kind: 'call' } | { kind: 'open' };
