/** The tags of PLaMo 3's block of tool requests and of its reasoning, as the grammar reads them. */

/** Opens the block of requests. */
export const BLOCK_OPEN = '<|plamo:begin_tool_requests:plamo|>';
/** Closes it. */
export const BLOCK_CLOSE = '<|plamo:end_tool_requests:plamo|>';
/** Opens one request. */
export const REQUEST_OPEN = '<|plamo:begin_tool_request:plamo|>';
/** Closes one request. */
export const REQUEST_CLOSE = '<|plamo:end_tool_request:plamo|>';
/** Opens a request's name. */
export const NAME_OPEN = '<|plamo:begin_tool_name:plamo|>';
/** Closes it. */
export const NAME_CLOSE = '<|plamo:end_tool_name:plamo|>';
/** Opens a request's arguments. */
export const ARGUMENTS_OPEN = '<|plamo:begin_tool_arguments:plamo|>';
/** Closes them. */
export const ARGUMENTS_CLOSE = '<|plamo:end_tool_arguments:plamo|>';
/** What every tag of the syntax starts with: a name runs up to the first one. */
export const TAG_START = '<|plamo:';
/** Opens the reasoning. */
export const THINK_OPEN = '<|plamo:begin_think:plamo|>';
/** Closes it. */
export const THINK_CLOSE = '<|plamo:end_think:plamo|>';

/**
 * What may come between the arguments' open tag and their JSON, longest first: the preamble vLLM
 * requires, the one SGLang and the PLaMo API's clients also read, or nothing.
 */
export const PREAMBLES: readonly string[] = [
  '<|plamo:constrain|>json<|plamo:msg|>',
  '<|plamo:msg|>',
];

/** The grammar's PayloadStop: a request's arguments run up to the first of these. */
export const PAYLOAD_STOPS: readonly string[] = [
  ARGUMENTS_CLOSE,
  REQUEST_CLOSE,
  REQUEST_OPEN,
  BLOCK_CLOSE,
];
