/** Inkling's special tokens, as `grammar/inkling.peggy` spells them. */

/** The role token that opens each of the model's messages. */
export const MESSAGE_MODEL = '<|message_model|>';
/** The kind token of a text block. */
export const CONTENT_TEXT = '<|content_text|>';
/** The kind token of a thinking block. */
export const CONTENT_THINKING = '<|content_thinking|>';
/** The kind token of a JSON call block. */
export const CONTENT_INVOKE_TOOL_JSON = '<|content_invoke_tool_json|>';
/** The kind token of a raw tool block (shown as text). */
export const CONTENT_INVOKE_TOOL_TEXT = '<|content_invoke_tool_text|>';
/** The kind token of a tool error block (shown as text). */
export const CONTENT_TOOL_ERROR = '<|content_tool_error|>';
/** The token that ends a block. */
export const END_MESSAGE = '<|end_message|>';
/** The stop token: it ends a block and the model's turn. */
export const END_SAMPLING = '<|content_model_end_sampling|>';

/** The tokens that end a block: a thinking block ends only at one of these. */
export const END_TOKENS: readonly string[] = [END_MESSAGE, END_SAMPLING];

/** The kind tokens whose body is shown as text. */
export const TEXT_KINDS: readonly string[] = [
  CONTENT_TEXT,
  CONTENT_INVOKE_TOOL_TEXT,
  CONTENT_TOOL_ERROR,
];

/** Every token: any of them ends a header, and a block other than a thinking one. */
export const TOKENS: readonly string[] = [
  MESSAGE_MODEL,
  CONTENT_THINKING,
  CONTENT_INVOKE_TOOL_JSON,
  ...TEXT_KINDS,
  ...END_TOKENS,
];
