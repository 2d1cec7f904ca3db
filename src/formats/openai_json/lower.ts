/**
 * Lowering of openai_json: each entry of `tool_calls` is `{ id?, type?, function: { name,
 * arguments } }` with `arguments` a JSON string (decoded and recorded as a repair) or an object.
 * An object without a `tool_calls` list is not this syntax: the format declines it.
 */
import { match } from 'ts-pattern';
import type { Issue } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { repeatedKeyOf } from '../../json/index.js';
import { isPlainObject, mayWriteKey, readCallObject } from '../shared/call-object.js';
import { malformed } from '../shared/issues.js';
import { splitRepairs } from '../shared/json-payload.js';
import { tooDeepWholeJson } from '../shared/too-deep-candidate.js';
import { mayOpenOutput, readWholeJson } from '../shared/whole-json.js';
import type { OpenaiJsonSection } from './ast.js';

/**
 * Lowers an openai_json candidate.
 *
 * @param node - The candidate's AST.
 * @param context - The output, schemas and limits.
 * @returns The section with one call per `tool_calls` entry, or `undefined` when the output is
 * not such an object. An object too deep to read stays content with its `too-deep` issue.
 */
export function lowerOpenaiJson(
  node: OpenaiJsonSection,
  context: FormatContext,
): Section | undefined {
  return match(node)
    .with({ type: 'openai-json-section' }, (section) => {
      // Declined unread where no key can be "tool_calls" (in auto mode llama3_json and json_block
      // read the same whole-output object). The search runs once per output: only its first text
      // may open this syntax.
      if (!mayOpenOutput(context, section.start)) return undefined;
      if (!mayWriteKey(context.text.slice(section.start), 'tool_calls')) return undefined;
      const whole = readWholeJson(
        context,
        section.start,
        section.payloadStart,
        section.fenced,
        'message',
      );
      if (whole === undefined) return undefined;
      const { payload } = whole.json;
      if (!payload.ok) return tooDeepWholeJson(context, whole, ['tool_calls']);
      const message = payload.values.length === 1 ? payload.values[0] : undefined;
      const entries = isPlainObject(message) ? message['tool_calls'] : undefined;
      if (!Array.isArray(entries)) return undefined;
      const span = { start: whole.start, end: whole.end };
      // `"tool_calls"` written twice: JSON.parse keeps the last list, another reader the first.
      const repeated = repeatedKeyOf(message as object);
      if (repeated !== undefined) {
        const wording = `the message writes ${JSON.stringify(repeated)} twice; write each of its keys once`;
        return {
          start: whole.start,
          end: whole.end,
          calls: [],
          issues: [malformed(wording, section.payloadStart)],
        };
      }
      const calls: RawCall[] = [];
      const issues: Issue[] = [];
      // Each call's part of the message's repairs, where they can be told apart.
      const split = splitRepairs(payload, entries.length);
      for (const [index, entry] of entries.entries()) {
        const call = readCallObject(entry, section.payloadStart);
        if (!call.ok) {
          issues.push(call.issue);
          continue;
        }
        const raw: RawCall = {
          name: call.name,
          arguments: call.arguments,
          format: 'openai_json',
          span,
          repairs: [...(split?.[index] ?? payload.repairs), ...call.repairs],
          complete: whole.json.closed && payload.complete,
        };
        if (call.id !== undefined) raw.id = call.id;
        calls.push(raw);
      }
      return { start: whole.start, end: whole.end, calls, issues };
    })
    .exhaustive();
}
