/**
 * The few AI SDK language-model shapes the middleware reads and writes, written out structurally.
 * They are the same in the V3 specification (ai 6) and V4 (ai 7), so one middleware serves both;
 * the public type comes from the `ai` package the user installed.
 */

/** A function tool offered to the model (`params.tools`). */
export interface FunctionTool {
  type: 'function';
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** A system message of the prompt. */
export interface SystemMessage {
  role: 'system';
  content: string;
}

/** The call options the middleware touches; everything else is passed through. */
export interface CallOptions {
  prompt: ({ role: string } & Record<string, unknown>)[];
  tools?: ({ type: string; name: string } & Record<string, unknown>)[];
  toolChoice?: unknown;
  [key: string]: unknown;
}

/** `{ unified, raw }` finish reasons (V3 and V4). */
export interface FinishReason {
  unified: string;
  raw: string | undefined;
}

/** Content of a generate result and parts of a stream, reduced to what is rewritten. */
export type Part = { type: string } & Record<string, unknown>;

/** A generate result. */
export interface GenerateResult {
  content: Part[];
  finishReason: FinishReason;
  warnings: Part[];
  providerMetadata?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** A stream result. */
export interface StreamResult {
  stream: ReadableStream<Part>;
  [key: string]: unknown;
}

/** Where rejected calls are reported in `providerMetadata`. */
export const METADATA_KEY = 'toolCallParser';

/**
 * A finish reason that says the model called tools.
 *
 * @param reason - The model's own finish reason.
 * @returns `tool-calls`, keeping the provider's raw reason.
 * @example
 * ```ts
 * toolCallsFinish({ unified: 'stop', raw: 'eos' }); // { unified: 'tool-calls', raw: 'eos' }
 * ```
 */
export function toolCallsFinish(reason: FinishReason): FinishReason {
  return { unified: 'tool-calls', raw: reason.raw };
}
