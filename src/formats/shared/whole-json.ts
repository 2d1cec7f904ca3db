/**
 * A bare JSON payload that is the whole output, bare or in one ```json fence (json_block,
 * openai_json): where it is, and its value.
 */
import type { CallObjectLayout } from '../../json/index.js';
import type { FormatContext } from '../format.js';
import { closingFenceEnd } from './fence.js';
import { readJsonValueAt, type JsonValueAt } from './json-value-at.js';
import { closesOutput, opensOutput } from './whole-output.js';

/** A whole-output JSON value with the section bounds around it (fence included). */
export interface WholeJson {
  start: number;
  end: number;
  json: JsonValueAt;
}

/**
 * Reads the JSON value at `payloadStart` and checks that it, with its fence, is the whole output.
 *
 * @param context - The output and limits.
 * @param start - Where the section starts (the fence or the value).
 * @param payloadStart - Where the value's `{` is.
 * @param fenced - Whether a fence opened before the value.
 * @param layout - Where the value's call objects are, whose repeated keys are noted: the value
 * (json_block) or its `tool_calls` list (openai_json); see `parseJson`.
 * @returns The value and bounds, or `undefined` when other text surrounds it.
 */
export function readWholeJson(
  context: FormatContext,
  start: number,
  payloadStart: number,
  fenced: boolean,
  layout: CallObjectLayout,
): WholeJson | undefined {
  // Cheap test first: a bare candidate must open the output, or every "{" in prose costs a scan.
  if (!mayOpenOutput(context, start)) return undefined;
  const json = readJsonValueAt(context, payloadStart, { callObjects: layout });
  const end = fenced ? closingFenceEnd(context.text, json.end) : json.end;
  if (end === undefined || !closesOutput(context.text, end)) return undefined;
  return { start, end, json };
}

/**
 * Whether a whole-output candidate may start at `start`: nothing but white space (or a reasoning
 * block) before it. {@link readWholeJson} declines any other start; formats test it before their
 * grammar runs too, so that a forced bare format given many `{` spends no grammar run and no
 * lowering on each.
 *
 * @param context - The output.
 * @param start - Where the candidate would start (its fence or its value).
 * @returns False when text comes before `start`.
 * @example
 * ```ts
 * mayOpenOutput({ text: 'Hi {"a": 1}' } as FormatContext, 3); // false
 * ```
 */
export function mayOpenOutput(context: FormatContext, start: number): boolean {
  return context.precededByText !== true && opensOutput(context.text, start);
}
