/** Lowering of gemma4 argument maps and values to JSON values. */
import { match } from 'ts-pattern';
import { parseJson } from '../../json/index.js';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext } from '../format.js';
import { createRecord, setOwn } from '../shared/own-property.js';
import { parameterSchema, typeBySchema } from '../shared/typed-value.js';
import type { Gemma4Call, Gemma4Entry, Gemma4JsonString, Gemma4Value } from './ast.js';

/** A value that makes its call unusable (nesting past `maxDepth`). */
export class Gemma4ValueError extends Error {
  constructor(readonly issue: Issue) {
    super(issue.message);
  }
}

/**
 * Lowers a call's argument map. Bare top-level values (`unit:celsius`) are typed by the tool's
 * schema when one is known (a `schema-typed-value` repair), else kept as text; `<|"|>` strings are
 * always strings, numbers and literals always what they spell.
 *
 * @param call - The call node.
 * @param context - Schemas and limits.
 * @param repairs - Receives the typing repairs.
 * @returns The arguments object; throws {@link Gemma4ValueError} past `maxDepth`.
 */
export function lowerGemma4Arguments(
  call: Gemma4Call,
  context: FormatContext,
  repairs: Repair[],
): Record<string, unknown> {
  const result = createRecord();
  for (const entry of call.entries) {
    if (entry.value.type === 'gemma4-missing') continue;
    const key = keyText(entry);
    const schema = parameterSchema(context.tools, call.name, key);
    if (entry.value.type === 'gemma4-bare' && schema !== undefined) {
      const typed = typeBySchema(entry.value.text.trim(), schema);
      if (typed.converted) {
        repairs.push({ kind: 'schema-typed-value', offset: entry.value.start, detail: key });
      }
      setOwn(result, key, typed.value);
      continue;
    }
    setOwn(result, key, lowerValue(entry.value, 1, context.limits.maxDepth));
  }
  return result;
}

function keyText(entry: Gemma4Entry): string {
  return match(entry.key)
    .with({ type: 'gemma4-key' }, (key) => key.text)
    .with({ type: 'gemma4-json-string' }, (key) => jsonString(key))
    .exhaustive();
}

function lowerValue(value: Gemma4Value, depth: number, maxDepth: number): unknown {
  return match(value)
    .with({ type: 'gemma4-string' }, (node) => node.body)
    .with({ type: 'gemma4-json-string' }, (node) => jsonString(node))
    .with({ type: 'gemma4-number' }, (node) => Number(node.text))
    .with({ type: 'gemma4-literal' }, (node) =>
      match(node.name)
        .with('true', 'True', () => true)
        .with('false', 'False', () => false)
        .with('null', 'None', () => null)
        .exhaustive(),
    )
    .with({ type: 'gemma4-bare' }, (node) => node.text.trim())
    .with({ type: 'gemma4-missing' }, () => null)
    .with({ type: 'gemma4-list' }, (node) => {
      checkDepth(depth, maxDepth, node.start);
      return node.items.map((item) => lowerValue(item, depth + 1, maxDepth));
    })
    .with({ type: 'gemma4-map' }, (node) => {
      checkDepth(depth, maxDepth, node.start);
      const result = createRecord();
      for (const entry of node.entries) {
        if (entry.value.type === 'gemma4-missing') continue;
        setOwn(result, keyText(entry), lowerValue(entry.value, depth + 1, maxDepth));
      }
      return result;
    })
    .exhaustive();
}

/** A JSON-quoted string; one cut off by the end of the output keeps its text as written. */
function jsonString(node: Gemma4JsonString): string {
  const decoded = parseJson(node.raw, { strict: true });
  if (decoded.ok && typeof decoded.value === 'string') return decoded.value;
  return node.raw.slice(1, node.raw.endsWith('"') && node.raw.length > 1 ? -1 : undefined);
}

function checkDepth(depth: number, maxDepth: number, offset: number): void {
  if (depth > maxDepth) {
    throw new Gemma4ValueError({
      code: 'too-deep',
      message: `arguments nest deeper than ${maxDepth} levels`,
      offset,
    });
  }
}
