/**
 * Folding a section's items into calls and issues, for lowerings whose grammar reads a list of
 * calls and stray text (kimi_k2, deepseek_v3, deepseek_v31).
 */
import type { Issue } from '../../types.js';
import type { RawCall } from '../format.js';

/**
 * What one item lowers to: a call (with its issue when it is refused as malformed), the issue
 * that kept it from being one, or nothing.
 */
export type LoweredItem = { call: RawCall; issue?: Issue } | { issue: Issue } | undefined;

/**
 * Lowers every item and keeps calls and issues apart, in order.
 *
 * @param items - The section's items.
 * @param lower - Lowers one item (stray text gives `undefined`).
 * @returns The calls and the issues.
 * @example
 * ```ts
 * const { calls, issues } = collectItems(node.items, (item) => lowerItem(item, context));
 * ```
 */
export function collectItems<Item>(
  items: readonly Item[],
  lower: (item: Item) => LoweredItem,
): { calls: RawCall[]; issues: Issue[] } {
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  for (const item of items) {
    const lowered = lower(item);
    if (lowered === undefined) continue;
    if ('call' in lowered) calls.push(lowered.call);
    if (lowered.issue !== undefined) issues.push(lowered.issue);
  }
  return { calls, issues };
}
