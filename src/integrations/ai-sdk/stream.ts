/**
 * The stream half of the middleware: text deltas go through the parser's stream, and its events
 * come out as AI SDK stream parts. Text and reasoning blocks are the middleware's own (the
 * model's text blocks are read as one text); a native `tool-call` part is gated; every other part
 * passes through.
 *
 * A call's `tool-input-*` parts are sent only once the call is accepted, just before its
 * `tool-call` part (fail closed): the SDK presents a started input as a live call and has no
 * part that fails one, so a refused call must never have started. A refused call is reported as
 * in generate: a warning and `providerMetadata.toolCallParser.rejected`.
 */
import type { Parser } from '../../parser.js';
import type { RejectedCall, StreamEvent } from '../../types.js';
import { createHeldText } from '../../stream/held-text.js';
import { createValidatedCalls } from '../../stream/validated-calls.js';
import { openEventStream } from '../event-stream.js';
import { finishAfterGate, METADATA_KEY, type FinishReason, type Part } from './parts.js';
import {
  createRefusedText,
  gateNativeCall,
  refusalWarning,
  rejectionWarning,
  toolCallPart,
} from './convert.js';
import { createHeldInputs } from './held-inputs.js';

/**
 * Creates the transform for one streamed response.
 *
 * @param parser - The parser for the request's tools.
 * @param onRejected - Told about each refused call.
 * @param notes - Warnings to add to the response's own (from its `stream-start` part).
 * @returns A transform from the model's parts to parts with tool calls.
 * @example
 * ```ts
 * return { ...result, stream: result.stream.pipeThrough(createPartTransform(parser, () => {})) };
 * ```
 */
export function createPartTransform(
  parser: Parser,
  onRejected: (rejection: RejectedCall) => void,
  notes: readonly Part[] = [],
): TransformStream<Part, Part> {
  const events = openEventStream(parser);
  // Every text pushed so far: a refused call goes back into the text as the model wrote it. Kept
  // in blocks, not one string: a slice of a string grown by `+=` copies all of it, once per
  // refused call (16,000 refusals in 1.3 MB of text took 12 s, 32,000 in 2.6 MB 46 s).
  const seen = createHeldText('');
  const giveBack = createRefusedText();
  // The open text or reasoning block, if any: blocks are opened lazily and closed before a call.
  let open: { type: 'text' | 'reasoning'; id: string } | undefined;
  let blocks = 0;
  // Text calls are held until decided; so are the input parts of native calls.
  const calls = createValidatedCalls();
  const heldInputs = createHeldInputs();
  const rejected: RejectedCall[] = [];
  // The warnings of the response. The stream spec carries warnings only in its first part
  // (`stream-start`), before any call is decided, so refusals are added to that part's list,
  // which the SDK keeps and reads when the step finishes (ai 6 and 7 both do).
  let warnings: Part[] | undefined;
  let called = false;
  // A native tool-call part was refused: the provider's "tool-calls" finish may no longer hold.
  let droppedNative = false;
  let ended = false;

  const refuse = (rejection: RejectedCall): void => {
    rejected.push(rejection);
    warnings?.push(refusalWarning(rejection));
    onRejected(rejection);
  };
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
        // A call goes out whole once accepted, at its end (see src/stream/validated-calls.ts).
        case 'tool-call-start':
        case 'tool-call-delta':
          break;
        case 'tool-call-end': {
          const released = calls.feed(event);
          if (released !== undefined) {
            const id = released.call.id;
            close(controller);
            called = true;
            controller.enqueue({ type: 'tool-input-start', id, toolName: released.call.name });
            controller.enqueue({ type: 'tool-input-delta', id, delta: released.argumentsJson });
            controller.enqueue({ type: 'tool-input-end', id });
            controller.enqueue(toolCallPart(released.call, released.argumentsJson));
          } else if ('rejection' in event) {
            refuse(event.rejection);
            write(
              controller,
              'text',
              giveBack(event.rejection.span, (start, end) => seen.slice(start, end)),
            );
          }
          break;
        }
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
      if (heldInputs.hold(part)) return;
      switch (part.type) {
        case 'stream-start':
          warnings = [...((part['warnings'] ?? []) as Part[]), ...notes];
          controller.enqueue({ ...part, warnings });
          return;
        case 'text-start':
        case 'text-end':
          return;
        case 'text-delta': {
          // Text after the provider's finish part has no output left to join (the parser's
          // stream has ended and would refuse it): as before, it is not passed on.
          if (ended) return;
          const delta = String(part['delta'] ?? '');
          seen.append(delta);
          emit(controller, events.push(delta));
          return;
        }
        case 'tool-call': {
          // A call the provider made natively: only the gate makes it a call the program runs,
          // and only then are its held input parts sent.
          const gated = gateNativeCall(part, parser);
          const inputs = heldInputs.release(part['toolCallId']);
          if (gated.part === undefined) {
            droppedNative = true;
            if (gated.rejection !== undefined) refuse(gated.rejection);
            return;
          }
          close(controller);
          called ||= part['providerExecuted'] !== true;
          for (const input of inputs) controller.enqueue(input);
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
