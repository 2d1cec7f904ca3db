/**
 * `$ref`s that lead back to where they started without descending into a field or an item:
 * `{ $ref: '#' }`, or `$defs` `a` → `b` → `a`. Checking a value against such a schema checks the
 * same value again without end: ajv overflows the stack, at compile time or on every call. A
 * recursive schema that descends on the way (a tree node whose `children` items `$ref` the node)
 * is fine: each round reads a smaller part of the value.
 */
import { isPlainObject } from './clone.js';
import { partsOf, subschemasOf, TEST_KEYWORDS, valuesOf, type Located } from './subschemas.js';
import { appendAll } from '../append.js';

/**
 * Finds a loop of subschemas that all describe the same value.
 *
 * @param schema - A tool's parameters schema.
 * @returns The pointers along the loop, its start repeated at the end, or `undefined`.
 * @example
 * ```ts
 * referenceLoop({ $ref: '#' }); // ['#', '#']
 * referenceLoop({ type: 'object', properties: { next: { $ref: '#' } } }); // undefined
 * ```
 */
export function referenceLoop(schema: Record<string, unknown>): string[] | undefined {
  const index = indexSchema(schema);
  const sameValue = (node: Located): Located[] => {
    const next: Located[] = [];
    if (!isPlainObject(node.schema)) return next;
    const holder = node.schema;
    appendAll(next, partsOf(holder, node.pointer));
    for (const keyword of TEST_KEYWORDS) {
      if (Object.hasOwn(holder, keyword))
        next.push({ schema: holder[keyword], pointer: `${node.pointer}/${keyword}` });
    }
    for (const keyword of ['$ref', '$dynamicRef']) {
      const reference = holder[keyword];
      const target = typeof reference === 'string' ? index.resolve(reference) : undefined;
      if (target !== undefined) next.push(target);
    }
    return next;
  };
  // Every subschema that can be reached from the root, through fields and references alike.
  const reachable = new Map<unknown, Located>([[schema, { schema, pointer: '#' }]]);
  const pending: Located[] = [{ schema, pointer: '#' }];
  while (pending.length > 0) {
    const node = pending.pop() as Located;
    if (!isPlainObject(node.schema)) continue;
    for (const next of [...sameValue(node), ...valuesOf(node.schema, node.pointer)]) {
      if (!isPlainObject(next.schema) || reachable.has(next.schema)) continue;
      reachable.set(next.schema, next);
      pending.push(next);
    }
  }
  // Depth-first over the same-value edges only; a node met again while still open is a loop.
  const state = new Map<unknown, 'open' | 'done'>();
  for (const start of reachable.values()) {
    if (state.has(start.schema)) continue;
    const path: Located[] = [start];
    const edges: Located[][] = [sameValue(start)];
    state.set(start.schema, 'open');
    while (path.length > 0) {
      const next = edges[edges.length - 1]!.pop();
      if (next === undefined) {
        state.set(path.pop()!.schema, 'done');
        edges.pop();
        continue;
      }
      if (!isPlainObject(next.schema)) continue;
      const seen = state.get(next.schema);
      if (seen === 'open') {
        const from = path.findIndex((node) => node.schema === next.schema);
        return [...path.slice(from).map((node) => node.pointer), path[from]!.pointer];
      }
      if (seen === 'done') continue;
      // Name the node by where it sits, not by the reference that reached it.
      const node = reachable.get(next.schema) ?? next;
      state.set(next.schema, 'open');
      path.push(node);
      edges.push(sameValue(node));
    }
  }
  return undefined;
}

/** Looks up a local reference: a JSON pointer (`#/$defs/a`), an anchor (`#a`) or an `$id`. */
function indexSchema(root: Record<string, unknown>): {
  resolve(reference: string): Located | undefined;
} {
  const byPointer = new Map<string, Located>();
  const byName = new Map<string, Located>();
  const pending: Located[] = [{ schema: root, pointer: '#' }];
  while (pending.length > 0) {
    const node = pending.pop() as Located;
    if (!isPlainObject(node.schema)) continue;
    byPointer.set(node.pointer, node);
    for (const keyword of ['$anchor', '$dynamicAnchor']) {
      const anchor = node.schema[keyword];
      if (typeof anchor === 'string') byName.set(`#${anchor}`, node);
    }
    const id = node.schema['$id'];
    if (typeof id === 'string' && node.pointer !== '#') byName.set(id, node);
    appendAll(pending, subschemasOf(node.schema, node.pointer));
  }
  const rootId = typeof root['$id'] === 'string' ? root['$id'].replace(/#$/, '') : undefined;
  return {
    resolve(reference) {
      const named = byName.get(reference);
      if (named !== undefined) return named;
      const hash = reference.indexOf('#');
      const base = hash === -1 ? reference : reference.slice(0, hash);
      if (base !== '' && base !== rootId) return undefined;
      let fragment = hash === -1 ? '#' : reference.slice(hash);
      try {
        fragment = decodeURIComponent(fragment);
      } catch {
        return undefined;
      }
      return byPointer.get(fragment === '#/' ? '#' : fragment) ?? byName.get(fragment);
    },
  };
}
