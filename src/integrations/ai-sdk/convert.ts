/**
 * Parse results as AI SDK content: accepted calls become `tool-call` parts, refused calls go
 * back into the text as the model wrote them, with a warning saying why.
 */
import { appendAll } from '../../append.js';
import type { Parser } from '../../parser.js';
import type { RejectedCall, Span, ToolCall } from '../../types.js';
import { openEventStream } from '../event-stream.js';
import type { Part } from './parts.js';

/**
 * The `tool-call` part of an accepted call.
 *
 * @param call - An accepted call.
 * @param input - `JSON.stringify(call.arguments)`, when the caller has it already.
 * @returns `{ type: 'tool-call', toolCallId, toolName, input }`, the input as a JSON string.
 * @example
 * ```ts
 * toolCallPart(call).input; // '{"city":"Oslo"}'
 * ```
 */
export function toolCallPart(call: ToolCall, input = JSON.stringify(call.arguments)): Part {
  return { type: 'tool-call', toolCallId: call.id, toolName: call.name, input };
}

/**
 * What the middleware reports for a refused call (a warning message and provider metadata).
 *
 * @param rejection - The refused call.
 * @returns The tool name, the reason and the envelope the model can act on.
 * @example
 * ```ts
 * rejectionWarning(rejection).reason; // 'unknown-tool'
 * ```
 */
export function rejectionWarning(rejection: RejectedCall): {
  tool: string | null;
  reason: string;
  envelope: Record<string, unknown>;
} {
  return {
    tool: rejection.name ?? null,
    reason: rejection.reason,
    envelope: JSON.parse(JSON.stringify(rejection.envelope)) as Record<string, unknown>,
  };
}

/**
 * The warning the middleware adds to a response for a refused call.
 *
 * @param rejection - The refused call.
 * @returns An AI SDK warning (`type: 'other'`) naming the tool, the reason and the hint.
 * @example
 * ```ts
 * refusalWarning(rejection).message; // 'tool-call-parser refused a call to "rm_rf": unknown-tool. There is no tool...'
 * ```
 */
export function refusalWarning(rejection: RejectedCall): Part {
  return {
    type: 'other',
    message: `tool-call-parser refused a call to ${JSON.stringify(rejection.name ?? '(unnamed)')}: ${rejection.reason}. ${rejection.envelope.hint}`,
  };
}

/**
 * Puts a `tool-call` part the provider made itself (native tool calling, when the request's
 * tools reached it) through the same gate as calls read from text: the allowlist, the schema,
 * the tool settings and `checkArguments`. A call the provider already ran
 * (`providerExecuted`, such as a hosted web search) passes as it is: refusing it now would
 * undo nothing.
 *
 * @param part - The provider's `tool-call` part (`input` is JSON text).
 * @param parser - The parser for the request's tools.
 * @returns The part to pass on (its input as validated, coercions applied), or none and the
 * rejection.
 * @example
 * ```ts
 * gateNativeCall({ type: 'tool-call', toolCallId: 'c1', toolName: 'rm', input: '{}' }, parser);
 * // { rejection: { reason: 'unknown-tool', ... } } when `rm` is not one of the request's tools
 * ```
 */
export function gateNativeCall(
  part: Part,
  parser: Parser,
):
  | { part: Part; rejection?: undefined }
  | { part?: undefined; rejection: RejectedCall | undefined } {
  if (part['providerExecuted'] === true) return { part };
  const id = part['toolCallId'];
  const result = parser.fromNative({
    tool_calls: [
      {
        ...(typeof id === 'string' ? { id } : {}),
        type: 'function',
        function: { name: part['toolName'], arguments: part['input'] },
      },
    ],
  });
  const call = result.calls[0];
  if (call !== undefined) {
    return {
      part: {
        ...part,
        toolCallId: call.id,
        toolName: call.name,
        input: JSON.stringify(call.arguments),
      },
    };
  }
  // fromNative gives its one entry a call or a rejection; without either the part is dropped all
  // the same (fail closed).
  return { rejection: result.rejected[0] };
}

/**
 * What of a refused call's text goes back into the response's text: its span, less what an
 * earlier refused call already gave back. The calls of one section may share its span (hermes'
 * `{..}, {..}`, qwen3_coder's functions in one `<tool_call>`), and the section's text, given
 * back once per refused call, came out twice.
 *
 * @returns A function of each refused call's span and of the output's slice, in output order,
 * giving the text to write (possibly empty).
 * @example
 * ```ts
 * const giveBack = createRefusedText();
 * write('text', giveBack(rejection.span, (start, end) => text.slice(start, end)));
 * ```
 */
export function createRefusedText(): (
  span: Span,
  slice: (start: number, end: number) => string,
) => string {
  let givenUpTo = 0;
  return (span, slice) => {
    const start = Math.max(span.start, givenUpTo);
    if (span.end <= start) return '';
    givenUpTo = span.end;
    return slice(start, span.end);
  };
}

/**
 * Rewrites the content of a generate result: each text part is read as the stream reads it (so
 * generate and stream give the same parts in the same order), and each `tool-call` part the
 * provider made is gated (see {@link gateNativeCall}).
 *
 * @param content - The model's content parts.
 * @param parser - The parser for the request's tools.
 * @returns The new parts, whether a call the program may run remains, the refused calls, and
 * whether a native `tool-call` part was refused.
 * @example
 * ```ts
 * const { content, called } = convertContent(result.content, parser);
 * ```
 */
export function convertContent(
  content: readonly Part[],
  parser: Parser,
): { content: Part[]; called: boolean; rejected: RejectedCall[]; droppedNative: boolean } {
  const converted: Part[] = [];
  const rejected: RejectedCall[] = [];
  let called = false;
  let droppedNative = false;
  for (const part of content) {
    if (part.type === 'tool-call') {
      const gated = gateNativeCall(part, parser);
      if (gated.part === undefined) {
        droppedNative = true;
        if (gated.rejection !== undefined) rejected.push(gated.rejection);
      } else {
        converted.push(gated.part);
        called ||= part['providerExecuted'] !== true;
      }
      continue;
    }
    if (part.type !== 'text' || typeof part['text'] !== 'string') {
      converted.push(part);
      continue;
    }
    const read = readText(part, part['text'], parser);
    appendAll(converted, read.parts);
    called ||= read.called;
    appendAll(rejected, read.rejected);
  }
  return { content: converted, called, rejected, droppedNative };
}

/**
 * One text part as parts in the order the model wrote them: text, reasoning, each accepted call
 * where it was, and a refused call's text where it was, as the stream gives them. The events of
 * the parser's stream carry that order; `parse()` does not (its content is the text with every
 * call and all reasoning cut out, without offsets to put a refused call's text back).
 *
 * @param part - The text part (its other fields are kept on the text parts made from it).
 * @param text - Its text.
 * @param parser - The parser for the request's tools.
 * @returns The parts, whether a call was accepted, and the refused calls.
 */
function readText(
  part: Part,
  text: string,
  parser: Parser,
): { parts: Part[]; called: boolean; rejected: RejectedCall[] } {
  const stream = openEventStream(parser);
  const parts: Part[] = [];
  const rejected: RejectedCall[] = [];
  let called = false;
  const giveBack = createRefusedText();
  // The text or reasoning run being written, merged into one part.
  let run: { type: 'text' | 'reasoning'; text: string } | undefined;
  const flush = (): void => {
    if (run === undefined) return;
    parts.push(run.type === 'text' ? { ...part, text: run.text } : run);
    run = undefined;
  };
  const write = (type: 'text' | 'reasoning', delta: string): void => {
    if (delta === '') return;
    if (run?.type !== type) {
      flush();
      run = { type, text: '' };
    }
    run.text += delta;
  };
  for (const event of [...stream.push(text), ...stream.end()]) {
    switch (event.type) {
      case 'text-delta':
        write('text', event.delta);
        break;
      case 'reasoning-delta':
        write('reasoning', event.delta);
        break;
      case 'tool-call-end':
        if ('call' in event) {
          flush();
          parts.push(toolCallPart(event.call));
          called = true;
        } else {
          rejected.push(event.rejection);
          write(
            'text',
            giveBack(event.rejection.span, (start, end) => text.slice(start, end)),
          );
        }
        break;
    }
  }
  flush();
  return { parts, called, rejected };
}
