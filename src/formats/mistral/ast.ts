/** AST of `grammar/mistral.peggy`. */
import type { JsonExtentNode, JsonListNode } from '../shared/json-extent.js';

/** What `[TOOL_CALLS]` or `[THINK]` opens. */
export type MistralNode = MistralThink | MistralCalls;

/** `[THINK]` reasoning `[/THINK]`; `closed` is false when the output ended first. */
export interface MistralThink {
  type: 'mistral-think';
  start: number;
  text: { start: number; end: number };
  closed: boolean;
}

/** `[TOOL_CALLS]` and its body; `trailing` is the text after the body, up to the next token. */
export interface MistralCalls {
  type: 'mistral-calls';
  start: number;
  body: MistralBody;
  trailing: { start: number; end: number };
}

/** The three generations of the body, or text that is none of them. */
export type MistralBody = MistralList | MistralObject | MistralNamed | MistralMalformed;

/** Pre-v11: `[{"name": .., "arguments": ..}, ...]`. */
export interface MistralList {
  type: 'mistral-list';
  list: JsonListNode;
}

/** A single call object without the list brackets. */
export interface MistralObject {
  type: 'mistral-object';
  object: JsonExtentNode;
}

/** v11+: `NAME[CALL_ID]ID[ARGS]{..}`; `args` is null when the output ended after the name. */
export interface MistralNamed {
  type: 'mistral-named';
  name: { text: string; start: number; end: number };
  id: string | null;
  args: JsonExtentNode | null;
}

/** `[TOOL_CALLS]` followed by something that is no call. */
export interface MistralMalformed {
  type: 'mistral-malformed';
  start: number;
}
