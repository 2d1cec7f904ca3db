/** AST of `grammar/muse_glimmer.peggy`. */
import type { Span } from '../../types.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/**
 * How a message's body ended: `<|eom|>`, `<|eot|>`, where the next message starts (`next`), or
 * at the end of the output (`cut`).
 */
export type MuseGlimmerEnd = 'eom' | 'eot' | 'next' | 'cut';

/** One message (a section of its own): its recipient and its body. */
export interface MuseGlimmerMessage {
  type: 'muse-glimmer-message';
  start: number;
  /** The recipient's name after `to=`, or `null` for a header without one (content). */
  recipient: Span | null;
  body: MuseGlimmerToolBody | MuseGlimmerTextBody;
}

/** The body of a message to a tool: ATEM invokes, in a block or not. */
export interface MuseGlimmerToolBody {
  type: 'muse-glimmer-tool-body';
  /** False when the body left out `<atem:function_calls>`. */
  open: boolean;
  invokes: XmlInvoke[];
  /** Offsets of `</atem:invoke>` tags written with no invoke open (between two invokes). */
  strayCloses: number[];
  /** Text after the invokes, before the block's close tag. */
  rest: Span;
  /** True when `</atem:function_calls>` was written. */
  closed: boolean;
  /** Text after the block's close tag, before the message's end. */
  trail: Span;
  end: MuseGlimmerEnd;
}

/** The body of a reasoning (`to=self`) or content (`to=user`, no recipient) message. */
export interface MuseGlimmerTextBody {
  type: 'muse-glimmer-text-body';
  text: Span;
  end: MuseGlimmerEnd;
}
