/**
 * Lowering of the `<function=NAME><parameter=KEY>VALUE</parameter></function>` piece shared by
 * qwen3_coder and seed_oss (`grammar/xml_function.peggy`): one function becomes one call, its
 * text values typed by the tool's schema.
 */
import { match } from 'ts-pattern';
import type { FormatId, Issue, Repair, Span } from '../../types.js';
import type { FormatContext, RawCall } from '../format.js';
import type { XmlFunction, XmlParameter } from './xml-function-ast.js';
import { setOwn } from './own-property.js';
import { refusedCall } from './refused-call.js';
import { parameterSchema, typeBySchema, type TypedValue } from './typed-value.js';
import { implied, incomplete, malformed } from './issues.js';
import { unquotedNameRepair, xmlTagName } from './xml-tag-name.js';

/** How a syntax writes its values between the parameter tags. */
export type XmlValueLayout =
  /** On their own lines: one newline after `>` and one before `</parameter>` are structure. */
  | 'own-lines'
  /** Exactly as written: every character between the tags is the value. */
  | 'verbatim';

/** What the lowering needs to know about the syntax around a function. */
export interface XmlFunctionSource {
  format: FormatId;
  /** The call's span (the section's markers included). */
  span: Span;
  layout: XmlValueLayout;
  /** Repairs that concern the whole call (a missing `</tool_call>` at the end of the output). */
  repairs: readonly Repair[];
}

/** The call a function lowered to, or why there is none. */
export interface LoweredFunction {
  call?: RawCall;
  issues: Issue[];
}

/**
 * Lowers one function to a call. Values are text; with a schema for the parameter they are typed
 * by it (`schema-typed-value` repair), without one they stay strings (vLLM's convention for both
 * syntaxes). A function cut off by the end of the output gives an incomplete call; a nameless one
 * gives no call and a `malformed-tool-call` issue; a parameter without a name or non-blank text
 * between parameters gives the call, named, refused as `malformed` by one issue (fail closed).
 *
 * @param node - The function's AST.
 * @param context - The output, schemas and limits.
 * @param source - The syntax around it.
 * @returns The call and the issues met.
 * @example
 * ```ts
 * lowerXmlFunction(node, context, { format: 'seed_oss', span, layout: 'verbatim', repairs: [] });
 * // { call: { name: 'get_weather', arguments: { city: 'Paris' }, complete: true, ... }, issues: [] }
 * ```
 */
export function lowerXmlFunction(
  node: XmlFunction,
  context: FormatContext,
  source: XmlFunctionSource,
): LoweredFunction {
  const { body } = node;
  const name = xmlTagName(body.name.text);
  let complete = body.open !== 'cut' && body.close !== 'cut';
  if (name === '' || body.open === 'missing') {
    if (!complete) return { issues: [incomplete(node.start)] };
    const problem = name === '' ? 'has no name' : 'has no ">" after its name';
    return { issues: [malformed(`the <function=...> ${problem}`, node.start)] };
  }
  const repairs: Repair[] = [...source.repairs];
  if (node.misnamed === true) {
    const detail = `the function's tag written <parameter=${name}> read as <function=${name}>`;
    repairs.push({ kind: 'other', offset: node.start, detail });
  }
  const unquotedName = unquotedNameRepair(body.name.text, name, body.name.start, 'function');
  if (unquotedName !== undefined) repairs.push(unquotedName);
  if (body.close === 'implicit') repairs.push(implied('</function>', node.end));
  const parameters: Record<string, unknown> = {};
  const problems: Issue[] = [];
  for (const item of body.items) {
    match(item)
      .with({ type: 'xml-stray-text' }, (stray) => {
        if (stray.text.trim() !== '') {
          problems.push(malformed(`unexpected text in "${name}"`, stray.start));
        }
      })
      .with({ type: 'xml-parameter' }, (parameter) => {
        if (parameter.open === 'cut' || parameter.close === 'cut') complete = false;
        const key = xmlTagName(parameter.name.text);
        if (parameter.open === 'missing' || (key === '' && parameter.open === 'closed')) {
          const at = parameter.start;
          problems.push(malformed(`a parameter of "${name}" has no name`, at));
          return;
        }
        const unquoted = unquotedNameRepair(
          parameter.name.text,
          key,
          parameter.name.start,
          'parameter',
        );
        if (unquoted !== undefined) repairs.push(unquoted);
        if (parameter.close === 'implicit') repairs.push(implied('</parameter>', parameter.end));
        // A key is data: `__proto__` must become an own property, not the object's prototype.
        setOwn(parameters, key, readValue(parameter, key, name, context, source.layout, repairs));
      })
      .exhaustive();
  }
  // Named and opened, the function is refused by its name: a stream may have announced the call
  // from `<function=NAME>`, and the section's first call must still be that one. One refusal,
  // naming its first problem and counting the others, whatever the model wrote wrong in it.
  if (problems.length > 0) {
    const first = problems[0] as Issue;
    const more = problems.length - 1;
    const issue =
      more === 0
        ? first
        : { ...first, message: `${first.message} (and ${more} more problems in "${name}")` };
    return {
      call: refusedCall(name, source.format, source.span, issue, repairs, complete),
      issues: [issue],
    };
  }
  // One literal in RawCall's field order: a spread gave the call a shape of its own, slower to
  // read downstream (see arguments-payload.ts).
  const call: RawCall = {
    name,
    arguments: parameters,
    format: source.format,
    span: source.span,
    repairs,
    complete,
  };
  return { call, issues: complete ? [] : [incomplete(node.start)] };
}

/** The value's text without its layout, typed by the parameter's schema when there is one. */
function readValue(
  parameter: XmlParameter,
  key: string,
  tool: string,
  context: FormatContext,
  layout: XmlValueLayout,
  repairs: Repair[],
): unknown {
  // A value cut off by the end of the output is kept as written: the call is not executable.
  const schema = parameter.close === 'cut' ? undefined : parameterSchema(context.tools, tool, key);
  const typed = readParameterValue(parameter.value.text, layout, schema);
  if (typed.converted) {
    repairs.push({ kind: 'schema-typed-value', offset: parameter.value.start, detail: key });
  }
  return typed.value;
}

/**
 * A parameter's value as the call holds it: its text without the layout, typed by its schema
 * when it has one. A stream writing the arguments as they come types a value the same way.
 *
 * @param text - The text between the parameter's tags.
 * @param layout - How the syntax writes values.
 * @param schema - The parameter's schema, if any.
 * @returns The value, and whether the schema converted it.
 * @example
 * ```ts
 * readParameterValue('\n5\n', 'own-lines', { type: 'integer' }); // { value: 5, converted: true }
 * ```
 */
export function readParameterValue(
  text: string,
  layout: XmlValueLayout,
  schema: Record<string, unknown> | undefined,
): TypedValue {
  const raw = layout === 'own-lines' ? stripLayoutNewlines(text) : text;
  return schema === undefined ? { value: raw, converted: false } : typeBySchema(raw, schema);
}

/** Drops one newline after the open tag and one before the close tag, nothing else. */
function stripLayoutNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  if (text.startsWith('\r\n')) start = 2;
  else if (text.startsWith('\n')) start = 1;
  if (end - start >= 2 && text.endsWith('\r\n')) end -= 2;
  else if (end > start && text.endsWith('\n')) end -= 1;
  return text.slice(start, end);
}
