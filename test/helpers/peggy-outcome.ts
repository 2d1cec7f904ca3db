/** What the build-rewrite tests compare between a rewritten parser and peggy's own. */

/**
 * The fields of a peggy syntax error that must not change under a rewrite.
 *
 * @param error - What the parser threw.
 * @returns Its message, expectations, what was found and where.
 */
export function errorFields(error: unknown): unknown {
  const fields = error as Error & { expected?: unknown; found?: unknown; location?: unknown };
  return {
    message: fields.message,
    expected: fields.expected,
    found: fields.found,
    location: fields.location,
  };
}

/**
 * Runs a parser and records its value or its error.
 *
 * @param parse - A generated parser's `parse`.
 * @param input - The text.
 * @returns `{ value }`, or the error's fields.
 */
export function outcome(parse: (input: string) => unknown, input: string): unknown {
  try {
    return { value: parse(input) };
  } catch (error) {
    return errorFields(error);
  }
}
