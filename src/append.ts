/**
 * Lists that most parses fill with one item: the calls of a section, of an output, of a verdict.
 *
 * V8 gives `[]` no room: its first `push` grows it to 17 slots on a slow path, which took about
 * 20 ns (Node 20), while `[item]` is made at its size in a few. A small parse made four such lists,
 * a twentieth of its time.
 */

/**
 * Appends an item to a list that is not made until its first item.
 *
 * @param list - The list, or `undefined` while it has no item.
 * @param item - What to append.
 * @returns The list: `[item]` when there was none, else `list` itself with `item` pushed.
 * @example
 * ```ts
 * let calls: string[] | undefined;
 * calls = append(calls, 'f'); // ['f']
 * calls = append(calls, 'g'); // ['f', 'g']
 * ```
 */
export function append<T>(list: T[] | undefined, item: T): T[] {
  if (list === undefined) return [item];
  list.push(item);
  return list;
}

/**
 * Appends every item of `items` to `list`, one by one: `list.push(...items)` spreads them into
 * arguments, which costs a spread call even for an empty list and overflows the stack for a huge
 * one.
 *
 * @param list - The list to grow.
 * @param items - What to append, in order.
 * @example
 * ```ts
 * const repairs = [a];
 * appendAll(repairs, [b, c]); // repairs is [a, b, c]
 * ```
 */
export function appendAll<T>(list: T[], items: readonly T[]): void {
  for (const item of items) list.push(item);
}
