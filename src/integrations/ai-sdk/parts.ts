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

/**
 * The finish reason once the middleware has gated the calls: `tool-calls` when a call the program
 * may run remains, and not `tool-calls` when the only calls were native ones it refused (the SDK
 * would otherwise wait for tool results that never come).
 *
 * @param reason - The model's own finish reason.
 * @param called - A call the program runs remains.
 * @param droppedNative - A native `tool-call` part was refused.
 * @returns The finish reason to report.
 * @example
 * ```ts
 * finishAfterGate({ unified: 'tool-calls', raw: 'tool_calls' }, false, true); // { unified: 'stop', raw: 'tool_calls' }
 * ```
 */
export function finishAfterGate(
  reason: FinishReason,
  called: boolean,
  droppedNative: boolean,
): FinishReason {
  if (called) return toolCallsFinish(reason);
  if (droppedNative && reason.unified === 'tool-calls') return { unified: 'stop', raw: reason.raw };
  return reason;
}
