/**
 * The head of an internlm action's call (`<|action_start|><|plugin|>{"name": "f", "parameters": {`),
 * read from an incomplete section so a stream can start the call at its arguments' `{`.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT, readJsonCallHeadBefore } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';

const CLOSE = '<|action_end|>';
const PLUGIN = 'plugin';

/**
 * Reads the grammar's `Section` up to the call's arguments: the open token, blanks, the executor
 * token if one is written (`<|` letters `|>`; a call only for `plugin`, another executor's action
 * is no tool call), then a JSON call head, within the payload (before `<|action_end|>`).
 *
 * @param text - The text seen so far.
 * @param start - Where the open token occurs.
 * @param open - The open token.
 * @returns The head, `'wait'` while the text ends inside one, or `undefined` when there is none.
 * @example
 * ```ts
 * readInternLmHead('<|action_start|><|plugin|>{"name": "f", "parameters": {', 0, '<|action_start|>');
 * // { name: 'f', argumentsStart: 53, stops: ['<|action_end|>'] }
 * ```
 */
export function readInternLmHead(
  text: string,
  start: number,
  open: string,
): CallHead | 'wait' | undefined {
  if (!startsAt(text, open, start)) return undefined;
  const at = skipBlanks(text, start + open.length);
  const executor = readExecutor(text, at);
  if (executor === 'wait') return 'wait';
  if (executor !== undefined && executor.name !== PLUGIN) return undefined;
  return readJsonCallHeadBefore(text, executor?.end ?? at, CLOSE);
}

/**
 * The grammar's `Executor` at `at`: `<|`, ASCII letters or `_`, `|>` (not the close token).
 *
 * @returns Its name and end; `'wait'` while the text ends inside one; `undefined` when none is
 * written there (the payload starts at `at`).
 */
function readExecutor(
  text: string,
  at: number,
): { name: string; end: number } | 'wait' | undefined {
  if (at >= text.length) return 'wait';
  if (text.charCodeAt(at) !== 0x3c) return undefined;
  if (at + 1 >= text.length) return 'wait';
  if (text.charCodeAt(at + 1) !== 0x7c) return undefined;
  const limit = Math.min(text.length, at + 2 + HEAD_LIMIT);
  let index = at + 2;
  while (index < limit && isNameUnit(text.charCodeAt(index))) index += 1;
  if (index >= limit) return limit < text.length ? undefined : 'wait';
  if (index === at + 2 || text.charCodeAt(index) !== 0x7c) return undefined;
  if (index + 1 >= text.length) return 'wait';
  if (text.charCodeAt(index + 1) !== 0x3e) return undefined;
  // `<|action_end|>` is the close token, not an executor (the action is empty); read as one named
  // `action_end` here, it is no plugin either, and gives no head.
  return { name: text.slice(at + 2, index), end: index + 2 };
}

/** The grammar's `ExecutorName` units: ASCII letters and `_`. */
function isNameUnit(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || unit === 0x5f;
}
