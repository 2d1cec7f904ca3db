/**
 * `createParser`: the library's front door. It checks the options once, pins the tools, builds the
 * marker table, and returns a parser whose `parse` never throws on model output.
 */
import type { FormatContext } from './formats/format.js';
import { selectFormats, resolveLimits, type ParserOptions } from './options.js';
import { extract, type ExtractPlan } from './pipeline/extract.js';
import { createMarkerTable } from './pipeline/marker-index.js';
import { decide } from './policy/decide.js';
import { createToolRegistry, type ToolRegistry } from './policy/tools.js';
import type { ParseResult } from './types.js';
import { createIdGenerator } from './ids.js';

/** A parser bound to one set of formats, tools and limits. */
export interface Parser {
  /**
   * Parses one complete model output.
   *
   * @param text - What the model wrote.
   * @returns Calls, rejections, content, reasoning and issues. Never throws on any string.
   */
  parse(text: string): ParseResult;
}

/**
 * Creates a parser.
 *
 * @param options - Formats (default `'auto'`), tools (the allowlist), limits, telemetry, ids.
 * @returns A parser; creating one is the costly step (schemas compiled), parsing is cheap.
 * @throws TypeError for caller mistakes: an unknown format id, a schema ajv refuses, a bad limit.
 * @example
 * ```ts
 * const parser = createParser({ formats: ['hermes'] });
 * parser.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>').calls[0]?.name; // 'f'
 * ```
 */
export function createParser(options: ParserOptions = {}): Parser {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createParser: options must be an object such as { formats: ["hermes"] }');
  }
  const selection = selectFormats(options.formats);
  const limits = resolveLimits(options.limits);
  const registry: ToolRegistry | undefined =
    options.tools === undefined ? undefined : createToolRegistry(options.tools);
  const plan: ExtractPlan = {
    table: createMarkerTable(selection.formats),
    primary: selection.primary,
    auto: selection.auto,
    maxCalls: limits.maxCalls,
  };
  const nextId = createIdGenerator(options.ids ?? 'random');

  return {
    parse(text) {
      if (typeof text !== 'string') {
        throw new TypeError(
          `parser.parse: expected the model output as a string, got ${typeof text}`,
        );
      }
      if (text.length > limits.maxOutputSize) return tooLarge(text, limits.maxOutputSize);
      const context: FormatContext = { text, tools: registry?.schemas, limits };
      const extraction = extract(context, plan);
      const decision = decide(extraction.calls, registry, nextId);
      const rejectedToolNames: string[] = [];
      for (const rejection of decision.rejected) {
        if (rejection.name !== undefined && !rejectedToolNames.includes(rejection.name)) {
          rejectedToolNames.push(rejection.name);
        }
      }
      return {
        calls: decision.calls,
        rejected: decision.rejected,
        content: extraction.content,
        reasoning: extraction.reasoning,
        issues: extraction.issues,
        syntaxSeen: extraction.syntaxSeen,
        rejectedByPolicy:
          decision.calls.length === 0 &&
          decision.rejected.some((rejection) => rejection.reason === 'unknown-tool'),
        rejectedToolNames,
        telemetry: [],
      };
    },
  };
}

function tooLarge(text: string, limit: number): ParseResult {
  return {
    calls: [],
    rejected: [],
    content: '',
    reasoning: '',
    issues: [
      {
        code: 'too-large',
        message: `the output is ${text.length} units long, over the maxOutputSize limit of ${limit}; nothing was parsed`,
      },
    ],
    syntaxSeen: false,
    rejectedByPolicy: false,
    rejectedToolNames: [],
    telemetry: [],
  };
}
