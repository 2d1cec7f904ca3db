/**
 * Gemma's call syntax (`call:NAME{key:VALUE,...}`, `grammar/gemma_call.peggy`), shared by the
 * formats that write it between their own tokens (gemma4, functiongemma): what tells them apart,
 * and the lowering of their call blocks, argument maps and values.
 */
import { match } from 'ts-pattern';
import { parseJson } from '../../json/index.js';
import type { FormatId, Issue, Repair } from '../../types.js';
import type { FormatContext } from '../format.js';
import { createRecord, setOwn } from './own-property.js';
import { parameterSchema, typeBySchema } from './typed-value.js';
import type { GeneratedParse } from './run-grammar.js';
import type { GemmaCall, GemmaEntry, GemmaJsonString, GemmaValue } from './gemma-call-ast.js';

/**
 * What a format that writes Gemma's call syntax writes around it. The grammar piece reads the
 * tokens it is told of through `grammarOptions`; the rest is for the stream's head and writer,
 * which read a block as that format's grammar does.
 */
export interface GemmaCallSyntax {
  /** The format's id, given to its calls. */
  readonly format: FormatId;
  /** The token that opens a block (`<|tool_call>`). */
  readonly open: string;
  /** The token that closes it (`<tool_call|>`). */
  readonly close: string;
  /** The token around a string (`<|"|>`). */
  readonly quote: string;
  /** The format's generated parser, whose `Section` reads a block. */
  readonly parse: GeneratedParse;
  /** What its `Section` names a block of calls (`gemma4-tool-calls`). */
  readonly blockType: string;
  /** The options its grammar runs with (`gemma_call.peggy` reads `tokens`). */
  readonly grammarOptions: Readonly<Record<string, unknown>>;
}

/** A value that makes its call unusable (nesting past `maxDepth`). */
export class GemmaValueError extends Error {
  constructor(readonly issue: Issue) {
    super(issue.message);
  }
}

/**
 * Lowers a call's argument map. Bare top-level values (`unit:celsius`) are typed by the tool's
 * schema when one is known (a `schema-typed-value` repair), else kept as text; quoted strings are
 * always strings, numbers and literals always what they spell.
 *
 * @param call - The call node.
 * @param context - Schemas and limits.
 * @param repairs - Receives the typing repairs.
 * @returns The arguments object; throws {@link GemmaValueError} past `maxDepth`.
 */
export function lowerGemmaArguments(
  call: GemmaCall,
  context: FormatContext,
  repairs: Repair[],
): Record<string, unknown> {
  const result = createRecord();
  for (const entry of call.entries) {
    if (entry.value.type === 'gemma-missing') continue;
    const key = keyText(entry);
    const schema = parameterSchema(context.tools, call.name, key);
    if (entry.value.type === 'gemma-bare' && schema !== undefined) {
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

function keyText(entry: GemmaEntry): string {
  return match(entry.key)
    .with({ type: 'gemma-key' }, (key) => key.text)
    .with({ type: 'gemma-json-string' }, (key) => jsonString(key))
    .exhaustive();
}

function lowerValue(value: GemmaValue, depth: number, maxDepth: number): unknown {
  return match(value)
    .with({ type: 'gemma-string' }, (node) => node.body)
    .with({ type: 'gemma-json-string' }, (node) => jsonString(node))
    .with({ type: 'gemma-number' }, (node) => Number(node.text))
    .with({ type: 'gemma-literal' }, (node) =>
      match(node.name)
        .with('true', 'True', () => true)
        .with('false', 'False', () => false)
        .with('null', 'None', () => null)
        .exhaustive(),
    )
    .with({ type: 'gemma-bare' }, (node) => node.text.trim())
    .with({ type: 'gemma-missing' }, () => null)
    .with({ type: 'gemma-list' }, (node) => {
      checkDepth(depth, maxDepth, node.start);
      return node.items.map((item) => lowerValue(item, depth + 1, maxDepth));
    })
    .with({ type: 'gemma-map' }, (node) => {
      checkDepth(depth, maxDepth, node.start);
      const result = createRecord();
      for (const entry of node.entries) {
        if (entry.value.type === 'gemma-missing') continue;
        setOwn(result, keyText(entry), lowerValue(entry.value, depth + 1, maxDepth));
      }
      return result;
    })
    .exhaustive();
}

/** A JSON-quoted string; one cut off by the end of the output keeps its text as written. */
function jsonString(node: GemmaJsonString): string {
  const decoded = parseJson(node.raw, { strict: true });
  if (decoded.ok && typeof decoded.value === 'string') return decoded.value;
  return node.raw.slice(1, node.raw.endsWith('"') && node.raw.length > 1 ? -1 : undefined);
}

function checkDepth(depth: number, maxDepth: number, offset: number): void {
  if (depth > maxDepth) {
    throw new GemmaValueError({
      code: 'too-deep',
      message: `arguments nest deeper than ${maxDepth} levels`,
      offset,
    });
  }
}
