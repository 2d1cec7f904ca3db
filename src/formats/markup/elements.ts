/**
 * Generic XML elements to call parts: which child names the tool, which holds the arguments, and
 * how nested elements become JSON values. Keys are model-written data (`setOwn`).
 */
import { parseJson } from '../../json/index.js';
import type { Repair } from '../../types.js';
import type { FormatContext } from '../format.js';
import { isPlainObject } from '../shared/call-object.js';
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
      const typed = typeBySchema(contentText(context, child).trim(), schema);
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
  repairs.push(...decoded.repairs);
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
  if (children.length === 0) return contentText(context, element).trim();
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
