/**
 * "Did you mean": the allowed names closest to an unknown one, for the `unknown_tool` envelope,
 * so the model's next turn picks a real tool instead of guessing again.
 */

/** Names longer than this are compared by their first part only: the distance costs O(a·b). */
const MAX_COMPARED = 64;

/**
 * The allowed names nearest to a written one, by edit distance (case-insensitive).
 *
 * @param written - The unknown name the model used.
 * @param allowed - The manifest's names.
 * @param count - How many to return (default 3).
 * @returns Up to `count` names, closest first; ties keep manifest order.
 * @example
 * ```ts
 * closestNames('get_wether', ['search', 'get_weather', 'get_time']); // ['get_weather', 'get_time', 'search']
 * ```
 */
export function closestNames(written: string, allowed: readonly string[], count = 3): string[] {
  const target = written.slice(0, MAX_COMPARED).toLowerCase();
  return allowed
    .map((name, order) => ({
      name,
      order,
      distance: editDistance(target, name.slice(0, MAX_COMPARED).toLowerCase()),
    }))
    .sort((left, right) => left.distance - right.distance || left.order - right.order)
    .slice(0, count)
    .map((entry) => entry.name);
}

/**
 * Levenshtein distance with two rows.
 *
 * @param left - A string.
 * @param right - Another string.
 * @returns The number of single-unit edits between them.
 * @example
 * ```ts
 * editDistance('kitten', 'sitting'); // 3
 * ```
 */
export function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution =
        (previous[column - 1] as number) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(
        Math.min(
          (previous[column] as number) + 1,
          (current[column - 1] as number) + 1,
          substitution,
        ),
      );
    }
    previous = current;
  }
  return previous[right.length] as number;
}
