/**
 * Holds the `tool-input-*` parts of a provider's native tool call until the call is gated. The
 * AI SDK shows a started tool input as a live call (a UI tool part in `input-streaming`), and
 * its stream parts have no way to fail an input: released early, a refused call's arguments
 * would be shown as a call and left open forever. So they are sent only once the call's
 * `tool-call` part passed the gate, and dropped with it otherwise.
 */
import type { Part } from './parts.js';

/** See {@link createHeldInputs}. */
export interface HeldInputs {
  /**
   * Takes a `tool-input-start`, `-delta` or `-end` part of a call the gate will decide.
   *
   * @param part - A stream part.
   * @returns True when the part is held; false when it passes on now (another type, or the input
   * of a call the provider runs itself, which the gate lets through as it is).
   */
  hold(part: Part): boolean;
  /**
   * Ends the hold of one call.
   *
   * @param id - The call's id (`toolCallId` of its `tool-call` part).
   * @returns Its held parts, in order (none if it had no input parts).
   */
  release(id: unknown): Part[];
}

/**
 * Creates the holder of one stream's native tool inputs.
 *
 * @returns The holder.
 * @example
 * ```ts
 * const held = createHeldInputs();
 * if (held.hold(part)) return;
 * // at the call's tool-call part, once accepted:
 * for (const input of held.release(part.toolCallId)) controller.enqueue(input);
 * ```
 */
export function createHeldInputs(): HeldInputs {
  const held = new Map<unknown, Part[]>();
  return {
    hold(part) {
      switch (part.type) {
        case 'tool-input-start':
          if (part['providerExecuted'] === true) return false;
          held.set(part['id'], [part]);
          return true;
        case 'tool-input-delta':
        case 'tool-input-end': {
          const parts = held.get(part['id']);
          parts?.push(part);
          return parts !== undefined;
        }
        default:
          return false;
      }
    },
    release(id) {
      const parts = held.get(id) ?? [];
      held.delete(id);
      return parts;
    },
  };
}
