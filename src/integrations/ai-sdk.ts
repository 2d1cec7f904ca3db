/**
 * `tool-call-parser/ai-sdk`: a language-model middleware for the AI SDK's `wrapLanguageModel`,
 * for models that write their tool calls as text (a raw completion server, a fine-tune, a model
 * whose provider does not parse its syntax). Text and stream parts become `tool-call` parts after
 * the allowlist and schema validation; a refused call stays text, with a warning. `tool-call`
 * parts the provider made natively pass the same gate (a refused one is dropped, with the same
 * warning). Works with `ai` 6 (LanguageModelV3) and `ai` 7 (V4), an optional peer dependency.
 *
 * @packageDocumentation
 */
import type { LanguageModelMiddleware } from 'ai';
import type { ParserOptions, ToolDefinition } from '../options.js';
import { createParser, type Parser } from '../parser.js';
import type { RejectedCall } from '../types.js';
import { ignoreRejection } from '../ignore-rejection.js';
import { convertContent, refusalWarning, rejectionWarning } from './ai-sdk/convert.js';
import {
  finishAfterGate,
  METADATA_KEY,
  type CallOptions,
  type GenerateResult,
  type Part,
  type StreamResult,
} from './ai-sdk/parts.js';
import { defaultToolPrompt, withToolPrompt } from './ai-sdk/prompt.js';
import { createPartTransform } from './ai-sdk/stream.js';
import {
  allowedByChoice,
  checkToolSettings,
  definitions,
  unmatchedSettings,
  type ToolSettings,
} from './ai-sdk/tools.js';

export { defaultToolPrompt } from './ai-sdk/prompt.js';

/** Options of {@link toolCallMiddleware}. */
export interface ToolCallMiddlewareOptions extends Omit<ParserOptions, 'tools'> {
  /**
   * Per-tool settings the AI SDK's tools cannot carry, by tool name: `effect` (default
   * `'write'`), `coerce`, `sanitize`. The name, description and schema come from the request.
   * Checked when the middleware is created; an entry that names no tool of a request gets a
   * warning in that response.
   */
  toolSettings?: ToolSettings;
  /**
   * Describe the tools in the system prompt: `true` for {@link defaultToolPrompt} (the Hermes
   * `<tool_call>` syntax), a function for your own text. Default `false`: the prompt is left as is.
   */
  toolPrompt?: boolean | ((tools: readonly ToolDefinition[]) => string);
  /**
   * Remove `tools` and `toolChoice` from what the model receives (they still drive parsing), for
   * providers that would otherwise send them natively. Default: `true` when `toolPrompt` is set.
   */
  stripNativeTools?: boolean;
  /** Told about every call the parser refused (a text call stays in the text, a native one is dropped). */
  onRejected?: (rejection: RejectedCall) => void;
}

/** How many tool lists keep a compiled parser; requests usually reuse a few. */
const PARSER_CACHE_SIZE = 32;

/**
 * Creates the middleware.
 *
 * @param options - Parser options (formats, policy, limits, telemetry), per-tool settings, the
 * tool prompt and a rejection callback.
 * @returns A middleware for `wrapLanguageModel({ model, middleware })`.
 * @throws TypeError for an unknown format id, a bad limit or a bad `toolSettings` entry (checked
 * here, not per request).
 * @example
 * ```ts
 * import { wrapLanguageModel } from 'ai';
 * import { toolCallMiddleware } from 'tool-call-parser/ai-sdk';
 *
 * const model = wrapLanguageModel({
 *   model: rawCompletionModel,
 *   middleware: toolCallMiddleware({ formats: ['hermes'], toolPrompt: true }),
 * });
 * ```
 */
export function toolCallMiddleware(
  options: ToolCallMiddlewareOptions = {},
): LanguageModelMiddleware {
  const {
    toolSettings = {},
    toolPrompt = false,
    onRejected,
    stripNativeTools,
    ...parserOptions
  } = options;
  createParser(parserOptions); // checks the options now, so a mistake surfaces at setup
  checkToolSettings(toolSettings);
  const parsers = new Map<string, Parser>();
  // Tools and tool choice of requests whose native tools were stripped, keyed by the request
  // object the model gets.
  const stripped = new WeakMap<object, { tools: CallOptions['tools']; toolChoice: unknown }>();
  const strip = stripNativeTools ?? toolPrompt !== false;

  // The parser for a request's tools, and the warnings the request gets whatever the model says.
  const gateFor = (params: CallOptions): { parser: Parser; warnings: Part[] } | undefined => {
    const request = stripped.get(params) ?? params;
    const offered = definitions(request.tools, toolSettings);
    // A request without tools is left alone; one whose choice allows none refuses every call.
    if (offered.length === 0) return undefined;
    const warnings = unmatchedSettings(
      toolSettings,
      offered.map((tool) => tool.name),
    );
    const tools = allowedByChoice(offered, request.toolChoice);
    const key = JSON.stringify(tools);
    let parser = parsers.get(key);
    if (parser === undefined) {
      parser = createParser({ ...parserOptions, tools });
      if (parsers.size >= PARSER_CACHE_SIZE) parsers.delete(parsers.keys().next().value as string);
      parsers.set(key, parser);
    }
    return { parser, warnings };
  };
  const report = (rejection: RejectedCall): void => {
    try {
      // An async callback's promise is dropped: what it rejects with is ignored like a throw.
      ignoreRejection(onRejected?.(rejection));
    } catch {
      // A throwing callback must not lose the response.
    }
  };

  const middleware = {
    specificationVersion: 'v3' as const,
    transformParams: async ({ params }: { params: CallOptions }) => {
      const offered = definitions(params.tools, toolSettings);
      if (toolPrompt === false || offered.length === 0) return params;
      // Only the tools the choice allows are described: none for 'none'.
      const tools = allowedByChoice(offered, params.toolChoice);
      const text =
        tools.length === 0
          ? ''
          : toolPrompt === true
            ? defaultToolPrompt(tools)
            : toolPrompt(tools);
      const prompted = text === '' ? params : withToolPrompt(params, text);
      if (!strip) return prompted;
      const request: CallOptions = { ...prompted };
      delete request.tools;
      delete request.toolChoice;
      stripped.set(request, { tools: prompted.tools, toolChoice: prompted.toolChoice });
      return request;
    },
    wrapGenerate: async ({
      doGenerate,
      params,
    }: {
      doGenerate: () => PromiseLike<GenerateResult>;
      params: CallOptions;
    }) => {
      const result = await doGenerate();
      const gate = gateFor(params);
      if (gate === undefined) return result;
      const { content, called, rejected, droppedNative } = convertContent(
        result.content,
        gate.parser,
      );
      rejected.forEach(report);
      return {
        ...result,
        content,
        finishReason: finishAfterGate(result.finishReason, called, droppedNative),
        warnings: [...result.warnings, ...gate.warnings, ...rejected.map(refusalWarning)],
        ...(rejected.length === 0
          ? {}
          : {
              providerMetadata: {
                ...result.providerMetadata,
                [METADATA_KEY]: {
                  rejected: rejected.map((rejection) => rejectionWarning(rejection)),
                },
              },
            }),
      };
    },
    wrapStream: async ({
      doStream,
      params,
    }: {
      doStream: () => PromiseLike<StreamResult>;
      params: CallOptions;
    }) => {
      const result = await doStream();
      const gate = gateFor(params);
      if (gate === undefined) return result;
      const transform = createPartTransform(gate.parser, report, gate.warnings);
      return { ...result, stream: result.stream.pipeThrough(transform) };
    },
  };
  // The shapes read and written are the same in V3 (ai 6) and V4 (ai 7); the declared type is
  // whichever `ai` the user installed.
  return middleware as unknown as LanguageModelMiddleware;
}
