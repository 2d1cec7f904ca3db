/**
 * Lowering of the XML invoke element (`grammar/xml_invoke.peggy`) shared by minimax_m2, step3,
 * deepseek_v32_dsml and deepseek_v4_dsml: attributes to a name, parameters to typed arguments.
 */
import { match } from 'ts-pattern';
import { appendAll } from '../../append.js';
import { parseJson } from '../../json/index.js';
import type { FormatId, Issue, Repair, Span } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { isPlainObject } from './call-object.js';
import { setOwn } from './own-property.js';
import { refusedCall } from './refused-call.js';
import type { XmlAttribute, XmlInvoke, XmlParameter } from './xml-invoke-ast.js';
import { parameterSchema, typeBySchema } from './typed-value.js';
import { malformed, repeatedAttribute } from './issues.js';

/** How a format writes its values. */
export interface InvokeConventions {
  format: FormatId;
  /** Strip whitespace around text values (the MiniMax and Step-3 reference parsers do). */
  trimValues: boolean;
  /** Read DSML's `string="true|false"` attribute: `false` means the value is JSON. */
  stringAttribute: boolean;
  /**
   * Without a schema for the parameter, read a value that is JSON as JSON, and any other as
   * text (Muse Glimmer's response schema decodes values that way); default: text.
   */
  jsonValues?: boolean;
}

/**
 * A format's invoke syntax whole: its value conventions and the grammar's options (the tag
 * prefix, the stop tokens), for the stream's head reader and arguments writer.
 */
export interface InvokeSyntax extends InvokeConventions {
  /** The prefix of the `invoke` and `parameter` tag names (`steptml:`), `''` when none. */
  tagPrefix: string;
  /** Another spelling of the prefix models write (DSML's ASCII `|DSML|`), read as the same tags. */
  altTagPrefix?: string;
  /** The format's own end tokens: no value or invoke body runs past one. */
  stops: readonly string[];
}

/** What one invoke element became: a call (possibly marked `malformed`), or issues only. */
export interface LoweredInvoke {
  call?: RawCall;
  issues: Issue[];
}

/** A block of invoke elements between a format's open and close markers. */
export interface InvokeBlock {
  start: number;
  invokes: XmlInvoke[];
  /** Text after the last invoke, before the close marker. */
  rest: Span;
  /** False when the output ended before the close marker. */
  closed: boolean;
}

/**
 * Lowers a block of invoke elements (minimax_m2, DSML) to a section.
 *
 * @param context - The output, schemas and limits.
 * @param block - The block's AST pieces.
 * @param end - Where the grammar stopped.
 * @param conventions - The format's value conventions.
 * @returns The section: one call per readable invoke, issues for the rest.
 * @example
 * ```ts
 * lowerInvokeBlock(context, { start, invokes, rest, closed }, end, { format: 'minimax_m2', trimValues: true, stringAttribute: false });
 * ```
 */
export function lowerInvokeBlock(
  context: FormatContext,
  block: InvokeBlock,
  end: number,
  conventions: InvokeConventions,
): Section {
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  for (const invoke of block.invokes) {
    const lowered = lowerInvoke(context, invoke, conventions);
    // A loop, not a spread: one invoke may carry more issues than a call takes arguments.
    for (const issue of lowered.issues) issues.push(issue);
    if (lowered.call === undefined) continue;
    // A complete invoke whose block never closed: the output ended after it.
    if (!block.closed && lowered.call.complete) {
      lowered.call.repairs.push({ kind: 'missing-end-marker', offset: end });
    }
    calls.push(lowered.call);
  }
  const stray = strayIssue(context, block.rest, !block.closed, conventions.format);
  if (stray !== undefined) issues.push(stray);
  return { start: block.start, end, calls, issues };
}

/**
 * Reports text in a block that is not an invoke: cut off (`incomplete-tool-call`) when the output
 * ended inside it, else `malformed-tool-call`.
 *
 * @param context - The output.
 * @param rest - The stray text.
 * @param atEnd - True when the text runs into the end of the output.
 * @param format - The format, for the message.
 * @returns The issue, or `undefined` when the text is only whitespace.
 */
export function strayIssue(
  context: FormatContext,
  rest: Span,
  atEnd: boolean,
  format: FormatId,
): Issue | undefined {
  const text = context.text.slice(rest.start, rest.end);
  if (text.trim() === '') return undefined;
  const received = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return atEnd
    ? {
        code: 'incomplete-tool-call',
        message: `${format} tool call cut off by the end of the output`,
        offset: rest.start,
        received,
      }
    : {
        code: 'malformed-tool-call',
        message: `${format} text is not an invoke element`,
        offset: rest.start,
        received,
      };
}

/**
 * Lowers one invoke element to a call.
 *
 * @param context - The output, schemas and limits.
 * @param invoke - The element's AST.
 * @param conventions - The format's value conventions.
 * @returns The call (`complete: false` when the output ended inside it); a call that cannot be
 * read (a parameter without a name or close tag, an attribute written twice, stray text) carries
 * `malformed` and an issue; an invoke without a name, or with two, gives only the issue.
 */
export function lowerInvoke(
  context: FormatContext,
  invoke: XmlInvoke,
  conventions: InvokeConventions,
): LoweredInvoke {
  return match(invoke)
    .with({ type: 'xml-invoke' }, (node) => {
      const keys = node.attributes.map((item) => item.key);
      const repeated = repeatedAttribute('invoke', keys, node.start);
      const name = invokeName(node.attributes);
      // Which tool a twice-named invoke calls is anyone's guess: only the issue (`repeated` found
      // the name written twice).
      if (name === undefined) return { issues: repeated === undefined ? [] : [repeated] };
      if (name === '') {
        return { issues: [malformed(`an invoke has no tool name`, node.start)] };
      }
      // The output ended inside the element (not at a stop marker): the call was cut off.
      const cutOff = !node.closed && node.end >= context.text.length;
      const span = { start: node.start, end: node.end };
      // A named call that cannot be read is passed on as malformed: phase 2 rejects it with an
      // envelope naming the tool, so the model can fix it.
      const unreadable = (message: string, offset: number): LoweredInvoke => {
        const issue = malformed(message, offset);
        return { call: refusedCall(name, conventions.format, span, issue), issues: [issue] };
      };
      if (repeated !== undefined) return unreadable(repeated.message, node.start);
      const repairs: Repair[] = [];
      const args: Record<string, unknown> = {};
      let complete = !cutOff;
      for (const parameter of node.parameters) {
        const twice = repeatedAttribute(
          'parameter',
          parameter.attributes.map((item) => item.key),
          parameter.start,
        );
        if (twice !== undefined) return unreadable(twice.message, parameter.start);
        const key = attribute(parameter.attributes, 'name')?.trim() ?? '';
        if (key === '') return unreadable(`a parameter of "${name}" has no name`, parameter.start);
        if (!parameter.closed && !cutOff) {
          return unreadable(`parameter "${key}" of "${name}" has no close tag`, parameter.start);
        }
        const value = readValue(context, name, key, parameter, conventions, repairs);
        setOwn(args, key, value);
      }
      // Text after the parameters: a JSON body when there are none (SGLang accepts it), else stray.
      const rest = context.text.slice(node.rest.start, node.rest.end).trim();
      if (rest !== '') {
        const jsonBody = node.parameters.length === 0 && rest.startsWith('{');
        const body = jsonBody ? readJsonBody(context, node.rest) : undefined;
        if (body !== undefined) {
          for (const [key, value] of Object.entries(body.value)) setOwn(args, key, value);
          appendAll(repairs, body.repairs);
          complete &&= body.complete;
        } else if (!cutOff) {
          return unreadable(`"${name}" has text that is not a parameter`, node.rest.start);
        }
      }
      if (!node.closed && !cutOff) {
        repairs.push({ kind: 'missing-end-marker', offset: node.end, detail: 'invoke close tag' });
      }
      const call: RawCall = {
        name,
        arguments: args,
        format: conventions.format,
        span,
        repairs,
        complete,
      };
      return { call, issues: [] };
    })
    .exhaustive();
}

/** Reads one parameter value by the format's conventions and the tool's schema. */
function readValue(
  context: FormatContext,
  tool: string,
  key: string,
  parameter: XmlParameter,
  conventions: InvokeConventions,
  repairs: Repair[],
): unknown {
  return readInvokeValue(
    context.text.slice(parameter.value.start, parameter.value.end),
    { tool, key, attributes: parameter.attributes, offset: parameter.value.start },
    { conventions, tools: context.tools, maxDepth: context.limits.maxDepth },
    repairs,
  );
}

/**
 * Reads a parameter's value as the lowering does: trimmed when the format trims, a CDATA section
 * that is the whole value read as what it holds; DSML's
 * `string="true"` keeps it as text and `string="false"` decodes it as JSON; else it is typed by
 * the tool's schema when one is known, and stays text without one. The stream's invoke writer
 * reads a value it cannot stream with it, so that both read the same value.
 *
 * @param written - The value as written between its tags.
 * @param parameter - Its tool, key, open tag's attributes and offset (for repairs).
 * @param parameter.tool - The call's tool.
 * @param parameter.key - The parameter's name.
 * @param parameter.attributes - The parameter tag's attributes.
 * @param parameter.offset - Where the value starts in the output.
 * @param reading - The format's conventions, the parser's schemas and nesting limit.
 * @param reading.conventions - The format's conventions.
 * @param reading.tools - The parser's schemas by tool name.
 * @param reading.maxDepth - Nesting limit for JSON values.
 * @param repairs - Repairs made reading it are pushed here.
 * @returns The value.
 * @example
 * ```ts
 * const conventions = { format: 'minimax_m2', trimValues: true, stringAttribute: false } as const;
 * readInvokeValue(' Oslo\n', { tool: 'f', key: 'city', attributes: [], offset: 0 }, { conventions, tools: undefined, maxDepth: 64 }, []); // 'Oslo'
 * ```
 */
export function readInvokeValue(
  written: string,
  parameter: { tool: string; key: string; attributes: readonly XmlAttribute[]; offset: number },
  reading: { conventions: InvokeConventions; tools: FormatContext['tools']; maxDepth: number },
  repairs: Repair[],
): unknown {
  const { conventions } = reading;
  const asWritten = conventions.trimValues ? written.trim() : written;
  // A value written as one CDATA section is what it holds (`<![CDATA[a < b]]>` is `a < b`).
  const raw = cdataContent(asWritten) ?? asWritten;
  const stringAttribute = stringAttributeOf(parameter.attributes, conventions);
  // DSML says outright whether the value is text; the model's word is kept.
  if (stringAttribute === 'true') return raw;
  if (stringAttribute === 'false') {
    const decoded = parseJson(raw, { maxDepth: reading.maxDepth, offset: parameter.offset });
    if (decoded.ok && decoded.complete) {
      appendAll(repairs, decoded.repairs);
      return decoded.value;
    }
    repairs.push({
      kind: 'other',
      offset: parameter.offset,
      detail: `string="false" value of "${parameter.key}" is not JSON; read as text`,
    });
  }
  const schema = parameterSchema(reading.tools, parameter.tool, parameter.key);
  if (schema === undefined) {
    return conventions.jsonValues === true ? jsonOrText(raw, reading.maxDepth) : raw;
  }
  const typed = typeBySchema(raw, schema);
  if (typed.converted) {
    repairs.push({ kind: 'schema-typed-value', offset: parameter.offset, detail: parameter.key });
  }
  return typed.value;
}

/**
 * A value that is JSON as written (strict JSON: nothing repaired, nothing cut off), decoded; any
 * other text as it is. `"Antwerp"` is `Antwerp`, `3` is 3, `Antwerp` stays `Antwerp`.
 */
function jsonOrText(raw: string, maxDepth: number): unknown {
  const decoded = parseJson(raw, { maxDepth, strict: true });
  return decoded.ok && decoded.complete && decoded.repairs.length === 0 ? decoded.value : raw;
}

/** What opens a CDATA section. */
export const CDATA_OPEN = '<![CDATA[';
const CDATA_CLOSE = ']]>';

/**
 * The text of a value written as one CDATA section, as XML reads it: what the section holds,
 * tags and blanks included. DeepSeek models write values that way (`<![CDATA[find "/home"]]>`);
 * read as written, the command run would have been `<![CDATA[find "/home"]]>`.
 *
 * @param value - The value's text (trimmed where the format trims).
 * @returns What the section holds, or `undefined` when the text is not exactly one CDATA section.
 * @example
 * ```ts
 * cdataContent('<![CDATA[a < b]]>'); // 'a < b'
 * cdataContent('x <![CDATA[a]]>'); // undefined
 * ```
 */
export function cdataContent(value: string): string | undefined {
  if (!value.startsWith(CDATA_OPEN) || !value.endsWith(CDATA_CLOSE)) return undefined;
  if (value.length < CDATA_OPEN.length + CDATA_CLOSE.length) return undefined;
  const inner = value.slice(CDATA_OPEN.length, -CDATA_CLOSE.length);
  return inner.includes(CDATA_CLOSE) ? undefined : inner;
}

/** An invoke body written as one JSON object of arguments instead of parameter elements. */
function readJsonBody(
  context: FormatContext,
  body: Span,
): { value: Record<string, unknown>; repairs: Repair[]; complete: boolean } | undefined {
  const decoded = parseJson(context.text.slice(body.start, body.end), {
    maxDepth: context.limits.maxDepth,
    offset: body.start,
  });
  if (!decoded.ok || !isPlainObject(decoded.value)) return undefined;
  return { value: decoded.value, repairs: decoded.repairs, complete: decoded.complete };
}

/**
 * The tool an invoke element calls, as the lowering reads it (and a stream's head, which must
 * agree): its `name` attribute, trimmed.
 *
 * @param attributes - The invoke tag's attributes.
 * @returns The name; `''` when none is written or it is blank; `undefined` when `name` is written
 * twice.
 */
export function invokeName(attributes: readonly XmlAttribute[]): string | undefined {
  let name: string | undefined;
  for (const item of attributes) {
    if (item.key !== 'name') continue;
    if (name !== undefined) return undefined;
    name = item.value;
  }
  return name?.trim() ?? '';
}

/**
 * DSML's `string` attribute of a parameter, as the format's conventions read it.
 *
 * @param attributes - The parameter tag's attributes.
 * @param conventions - The format's conventions.
 * @returns The attribute trimmed and lower-cased (`'true'` keeps the value as text, `'false'`
 * reads it as JSON); `undefined` where the format has no such attribute or it is not written.
 */
export function stringAttributeOf(
  attributes: readonly XmlAttribute[],
  conventions: InvokeConventions,
): string | undefined {
  if (!conventions.stringAttribute) return undefined;
  return attribute(attributes, 'string')?.trim().toLowerCase();
}

/**
 * The value of an element's attribute.
 *
 * @param attributes - The open tag's attributes.
 * @param key - The attribute's key.
 * @returns The value of the first attribute with that key, or `undefined`.
 */
export function attribute(attributes: readonly XmlAttribute[], key: string): string | undefined {
  return attributes.find((item) => item.key === key)?.value;
}

/**
 * The names a tag of the syntax may have: `local` after its prefix, or after its other spelling.
 *
 * @param syntax - The format's invoke syntax.
 * @param local - The tag's name without its prefix (`invoke`, `parameter`).
 * @returns One name, or two.
 * @example
 * ```ts
 * tagNames({ ...syntax, tagPrefix: '｜DSML｜', altTagPrefix: '|DSML|' }, 'invoke');
 * // ['｜DSML｜invoke', '|DSML|invoke']
 * ```
 */
export function tagNames(syntax: InvokeSyntax, local: string): string[] {
  const names = [syntax.tagPrefix + local];
  if (syntax.altTagPrefix !== undefined) names.push(syntax.altTagPrefix + local);
  return names;
}
