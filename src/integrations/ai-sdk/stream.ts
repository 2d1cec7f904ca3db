/**
 * The stream half of the middleware: text deltas go through the parser's stream, and its events
 * come out as AI SDK stream parts. Text and reasoning blocks are the middleware's own (the
 * model's text blocks are read as one text); a native `tool-call` part is gated; every other part
 * passes through.
 */
import type { Parser } from '../../parser.js';
import type { RejectedCall, StreamEvent } from '../../types.js';
import { openEventStream } from '../event-stream.js';
import { finishAfterGate, METADATA_KEY, type FinishReason, type Part } from './parts.js';
import { gateNativeCall, rejectionWarning, toolCallPart } from './convert.js';

/**
 * Creates the transform for one streamed response.
 *
 * @param parser - The parser for the request's tools.
 * @param onRejected - Told about each refused call.
 * @returns A transform from the model's parts to parts with tool calls.
 * @example
 * ```ts
 * return { ...result, stream: result.stream.pipeThrough(createPartTransform(parser, () => {})) };
 * ```
 */
export function createPartTransform(
  parser: Parser,
  onRejected: (rejection: RejectedCall) => void,
): TransformStream<Part, Part> {
  const events = openEventStream(parser);
  // Every text pushed so far: a refused call goes back into the text as the model wrote it.
  let seen = '';
  // The open text or reasoning block, if any: blocks are opened lazily and closed before a call.
  let open: { type: 'text' | 'reasoning'; id: string } | undefined;
  let blocks = 0;
  // Calls whose tool-input-start was sent, so their end closes the input.
  const started = new Set<string>();
  const rejected: RejectedCall[] = [];
  let called = false;
  // A native tool-call part was refused: the provider's "tool-calls" finish may no longer hold.
  let droppedNative = false;
  let ended = false;

  const close = (controller: TransformStreamDefaultController<Part>): void => {
    if (open !== undefined) controller.enqueue({ type: `${open.type}-end`, id: open.id });
    open = undefined;
  };
  const write = (
    controller: TransformStreamDefaultController<Part>,
    type: 'text' | 'reasoning',
    delta: string,
  ): void => {
    if (delta === '') return;
    if (open?.type !== type) {
      close(controller);
      open = { type, id: `${type}-${blocks++}` };
      controller.enqueue({ type: `${type}-start`, id: open.id });
    }
    controller.enqueue({ type: `${type}-delta`, id: open.id, delta });
  };
  const emit = (controller: TransformStreamDefaultController<Part>, list: StreamEvent[]): void => {
    for (const event of list) {
      switch (event.type) {
        case 'text-delta':
          write(controller, 'text', event.delta);
          break;
        case 'reasoning-delta':
          write(controller, 'reasoning', event.delta);
          break;
        case 'tool-call-start':
          close(controller);
          started.add(event.id);
          controller.enqueue({ type: 'tool-input-start', id: event.id, toolName: event.name });
          break;
        case 'tool-call-delta':
          controller.enqueue({
            type: 'tool-input-delta',
            id: event.id,
            delta: event.argumentsDelta,
          });
          break;
        case 'tool-call-end':
          if (started.delete(event.id))
            controller.enqueue({ type: 'tool-input-end', id: event.id });
          if ('call' in event) {
            close(controller);
            called = true;
            controller.enqueue(toolCallPart(event.call));
          } else {
            rejected.push(event.rejection);
            onRejected(event.rejection);
            write(
              controller,
              'text',
              seen.slice(event.rejection.span.start, event.rejection.span.end),
            );
          }
          break;
      }
    }
  };
  const finish = (controller: TransformStreamDefaultController<Part>): void => {
    if (ended) return;
    ended = true;
    emit(controller, events.end());
    close(controller);
  };

  return new TransformStream<Part, Part>({
    transform(part, controller) {
      switch (part.type) {
        case 'text-start':
        case 'text-end':
          return;
        case 'text-delta': {
          const delta = String(part['delta'] ?? '');
          seen += delta;
          emit(controller, events.push(delta));
          return;
        }
        case 'tool-call': {
          // A call the provider made natively: its tool-input parts passed as previews (as a
          // text call's do), and only the gate makes it a call the program runs.
          const gated = gateNativeCall(part, parser);
          if (gated.part === undefined) {
            droppedNative = true;
            if (gated.rejection !== undefined) {
              rejected.push(gated.rejection);
              onRejected(gated.rejection);
            }
            return;
          }
          close(controller);
          called ||= part['providerExecuted'] !== true;
          controller.enqueue(gated.part);
          return;
        }
        case 'finish': {
          finish(controller);
          const reason = part['finishReason'] as FinishReason;
          const metadata = (part['providerMetadata'] ?? {}) as Record<string, unknown>;
          controller.enqueue({
            ...part,
            finishReason: finishAfterGate(reason, called, droppedNative),
            ...(rejected.length === 0
              ? {}
              : {
                  providerMetadata: {
                    ...metadata,
                    [METADATA_KEY]: {
                      rejected: rejected.map((rejection) => rejectionWarning(rejection)),
                    },
                  },
                }),
          });
          return;
        }
        default:
          controller.enqueue(part);
      }
    },
    flush(controller) {
      // A stream that ends without a finish part still gets its held text and calls.
      finish(controller);
    },
  });
}
