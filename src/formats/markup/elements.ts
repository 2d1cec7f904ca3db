/**
 * Generic XML elements to call parts: which child names the tool, which holds the arguments, and
 * how nested elements become JSON values. Keys are model-written data (`setOwn`).
 */
import { appendAll } from '../../append.js';
import { parseJson } from '../../json/index.js';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext } from '../format.js';
import { isPlainObject } from '../shared/call-object.js';
import { malformed, repeatedAttribute } from '../shared/issues.js';
import { createRecord, setOwn } from '../shared/own-property.js';
import { parameterSchema, typeBySchema } from '../shared/typed-value.js';
import type { MarkupElement, MarkupNode } from './ast.js';

/** Child elements (or attributes) that carry the tool name. */
export const NAME_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'tool_name',
  'tool',
  'function_name',
  'function',
]);
/** Child elements that wrap the arguments. */
export const ARGUMENT_FIELDS: ReadonlySet<string> = new Set([
  'arguments',
  'parameters',
  'params',
  'args',
  'input',
]);
/** Children written as `<parameter name="k">v</parameter>`: the key is the attribute. */
const NAMED_CHILDREN: ReadonlySet<string> = new Set([
  'parameter',
  'param',
  'arg',
  'argument',
  'field',
]);

/**
 * The element children of an element (text between them is layout).
 *
 * @param element - An element.
 * @returns Its child elements in order.
 */
export function childElements(element: MarkupElement): MarkupElement[] {
  return element.children.filter(
    (child): child is MarkupElement => child.type === 'markup-node-element',
  );
}

/**
 * The text of an element's content, exactly as written between its tags.
 *
 * @param context - The output.
 * @param element - An element.
 * @returns The raw content.
 */
export function contentText(context: FormatContext, element: MarkupElement): string {
  return context.text.slice(element.content.start, element.content.end);
}

/**
 * The text an element with no child elements holds: its content without the blanks around it,
 * a CDATA section read as what it holds (tags included, nothing trimmed inside it).
 *
 * @param context - The output.
 * @param element - An element whose children are text and CDATA only.
 * @returns The value's text.
 * @example
 * ```ts
 * leafText(context, element); // 'a < b' for <param name="q"> <![CDATA[a < b]]> </param>
 * ```
 */
export function leafText(context: FormatContext, element: MarkupElement): string {
  const { children } = element;
  if (!children.some((child) => child.type === 'markup-node-cdata')) {
    return contentText(context, element).trim();
  }
  let value = '';
  children.forEach((child, index) => {
    if (child.type === 'markup-node-cdata') {
      value += child.text;
      return;
    }
    let piece = context.text.slice(child.start, child.end);
    if (index === 0) piece = piece.trimStart();
    if (index === children.length - 1) piece = piece.trimEnd();
    value += piece;
  });
  return value;
}

/**
 * Reads child elements as an arguments object: top-level leaves are typed by the tool's schema,
 * nested elements become objects, repeated keys become lists.
 *
 * @param context - The output and schemas.
 * @param tool - The tool name, for schema look-ups.
 * @param children - The argument elements.
 * @param repairs - Receives a `schema-typed-value` repair per typed value.
 * @returns The arguments object.
 */
export function readArgumentElements(
  context: FormatContext,
  tool: string,
  children: readonly MarkupElement[],
  repairs: Repair[],
): Record<string, unknown> {
  const args = createRecord();
  for (const child of children) {
    const key = keyOf(child);
    const schema = parameterSchema(context.tools, tool, key);
    let value: unknown;
    if (childElements(child).length === 0 && schema !== undefined) {
      const typed = typeBySchema(leafText(context, child), schema);
      if (typed.converted)
        repairs.push({ kind: 'schema-typed-value', offset: child.start, detail: key });
      value = typed.value;
    } else {
      value = readValue(context, child);
    }
    addValue(args, key, value);
  }
  return args;
}

/**
 * Reads a text payload as arguments: empty is `{}`, else it must be a JSON object.
 *
 * @param context - The output and limits.
 * @param element - The element whose content is the payload.
 * @param repairs - Receives the JSON repairs.
 * @returns The object, or `undefined` when the text is not a JSON object.
 */
export function readJsonArguments(
  context: FormatContext,
  element: MarkupElement,
  repairs: Repair[],
): Record<string, unknown> | undefined {
  const text = contentText(context, element);
  if (text.trim() === '') return createRecord();
  const decoded = parseJson(text, {
    maxDepth: context.limits.maxDepth,
    offset: element.content.start,
  });
  if (!decoded.ok || !isPlainObject(decoded.value)) return undefined;
  appendAll(repairs, decoded.repairs);
  return decoded.value;
}

function keyOf(element: MarkupElement): string {
  if (NAMED_CHILDREN.has(element.name)) {
    const named = element.attributes.find((attribute) => attribute.key === 'name');
    if (named !== undefined) return named.value;
  }
  return element.name;
}

function readValue(context: FormatContext, element: MarkupElement): unknown {
  const children = childElements(element);
  if (children.length === 0) return leafText(context, element);
  if (children.every((child) => child.name === 'item')) {
    return children.map((child) => readValue(context, child));
  }
  const object = createRecord();
  for (const child of children) addValue(object, keyOf(child), readValue(context, child));
  return object;
}

function addValue(target: Record<string, unknown>, key: string, value: unknown): void {
  if (!Object.hasOwn(target, key)) {
    setOwn(target, key, value);
    return;
  }
  const existing = target[key];
  setOwn(target, key, Array.isArray(existing) ? [...existing, value] : [existing, value]);
}

/**
 * True when a node is an element with the given name set.
 *
 * @param node - A node.
 * @param names - Accepted names.
 * @returns Whether it matches.
 */
export function isElementNamed(
  node: MarkupNode,
  names: ReadonlySet<string>,
): node is MarkupElement {
  return node.type === 'markup-node-element' && names.has(node.name);
}

/**
 * Who a call element calls: the one attribute or child element that names the tool. Named twice
 * (`name="a" name="b"`, `name="a" tool="b"`, an attribute and a `<name>` child, two `<name>`
 * children), the call is anyone's guess and gives an issue; taking the first would let the model
 * write one tool for a reader that keeps the last, and run another.
 *
 * @param context - The output.
 * @param element - The call element.
 * @returns The name and the child it came from, an issue, or `undefined` when nothing names a
 * tool (the element is then not markup: `<tool_call>{json}` is hermes).
 * @example
 * ```ts
 * callName(context, element); // { name: 'get_weather', child: undefined }
 * ```
 */
export function callName(
  context: FormatContext,
  element: MarkupElement,
): { name: string; child: MarkupElement | undefined } | { issue: Issue } | undefined {
  const attributes = element.attributes.filter((attribute) => NAME_FIELDS.has(attribute.key));
  const children = childElements(element).filter((child) => isElementNamed(child, NAME_FIELDS));
  if (attributes.length + children.length > 1) {
    const written = [
      ...attributes.map((attribute) => `${attribute.key}="${attribute.value}"`),
      ...children.map((child) => `<${child.name}>`),
    ];
    return {
      issue: malformed(
        `the <${element.name}> call names its tool more than once (${written.join(', ')}); name it once`,
        element.start,
      ),
    };
  }
  const child = children[0];
  const name = (attributes[0]?.value ?? (child && contentText(context, child)))?.trim();
  return name === undefined || name === '' ? undefined : { name, child };
}

/**
 * The first tag in a call element (itself included) that writes an attribute twice.
 *
 * @param element - The call element.
 * @returns A `malformed-tool-call` issue, or `undefined`.
 * @example
 * ```ts
 * repeatedAttributeIn(element); // issue for <parameter name="a" name="b">
 * ```
 */
export function repeatedAttributeIn(element: MarkupElement): Issue | undefined {
  // A stack, not recursion: nesting is bounded by the grammar, but a loop needs no such promise.
  const pending: MarkupElement[] = [element];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const keys = next.attributes.map((attribute) => attribute.key);
    const issue = repeatedAttribute(`<${next.name}>`, keys, next.start);
    if (issue !== undefined) return issue;
    for (const child of next.children) {
      if (child.type === 'markup-node-element') pending.push(child);
    }
  }
  return undefined;
}
