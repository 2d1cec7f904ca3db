/**
 * AST of `grammar/k2_horizon.peggy`: a `<ifm|tool_calls>` group as a flat run of parts, which the
 * lowering pairs into calls, or a reasoning block. Pairs and the text between parts are GLM's
 * pair nodes (`src/formats/shared/glm-pair-ast.ts`), a typed pair with the type it declares.
 */
import type { GlmPair, GlmStrayText, GlmText } from '../shared/glm-pair-ast.js';

/** `<ifm|tool_call>NAME`: a call opens; the name is everything up to the next `<`, untrimmed. */
export interface K2HorizonCallOpen {
  type: 'k2-horizon-call-open';
  start: number;
  name: GlmText;
}

/** `<ifm|tool_call>{...}`: a call in the template's JSON mode, its body up to the next call tag. */
export interface K2HorizonJsonCall {
  type: 'k2-horizon-json-call';
  start: number;
  /** The body, from its `{`, as offsets into the output. */
  body: { start: number; end: number };
}

/** `</ifm|tool_call>`. */
export interface K2HorizonCallClose {
  type: 'k2-horizon-call-close';
  start: number;
  end: number;
}

/** `<ifm|arg_type>T</ifm|arg_type>`: the type a pair of the typed mode declares, as written. */
export interface K2HorizonDeclaredType extends GlmText {
  /** `missing`: another tag followed the type without `</ifm|arg_type>`. */
  close: 'closed' | 'missing' | 'cut';
}

/** A key/value pair, with the type it declares in the typed mode (`null` in the plain one). */
export interface K2HorizonPair extends GlmPair {
  declared: K2HorizonDeclaredType | null;
}

/** One part of a group. */
export type K2HorizonPart =
  K2HorizonJsonCall | K2HorizonCallOpen | K2HorizonPair | K2HorizonCallClose | GlmStrayText;

/** `<ifm|tool_calls>` parts `</ifm|tool_calls>`. */
export interface K2HorizonGroup {
  type: 'k2-horizon-group';
  start: number;
  end: number;
  parts: K2HorizonPart[];
  /** `cut`: the output ended before `</ifm|tool_calls>`. */
  close: 'closed' | 'cut';
}

/** `<ifm|think>` (or `_fast`, `_faster`) and its reasoning. */
export interface K2HorizonThink {
  type: 'k2-horizon-think';
  start: number;
  text: string;
  /** Its own close tag, a `<ifm|tool_calls>` group opened inside it, or the end of the output. */
  close: 'closed' | 'tools' | 'end';
}

/** What the grammar reads at a marker. */
export type K2HorizonNode = K2HorizonGroup | K2HorizonThink;
