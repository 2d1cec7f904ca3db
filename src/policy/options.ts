/**
 * The `policy` option of `createParser`: how names are matched and the caller's own check on
 * arguments. Checked once; a mistake is a TypeError that says how to fix it.
 */
import type { NameMatching } from '../resolve/names.js';
import type { ToolCall } from '../types.js';

/**
 * What a `checkArguments` hook may answer: nothing or `true` lets the call through; `false`, a
 * message, or a field description refuses it (`check-failed`, with the field in the envelope).
 * A hook that throws, or answers with a promise, refuses the call as `hook-failed`.
 */
export type ArgumentVerdict =
  void | boolean | string | { field?: string; expected?: string; received?: string; hint?: string };

/**
 * The caller's cross-check of a call against its session, e.g. that `account_id` is the tenant's.
 * Runs last, on a call that is otherwise executable; must be synchronous.
 */
export type ArgumentCheck = (call: Readonly<ToolCall>, context: unknown) => ArgumentVerdict;

/** Options of the execution gate. */
export interface PolicyOptions {
  /** `'exact'` (default) or `'ladder'`: case-insensitive, namespace tail, loose (ds2api). */
  nameMatching?: NameMatching;
  /**
   * The caller's cross-check; `context` is what `parse(text, { context })`,
   * `parser.stream({ context })` or `fromNative(input, { context })` was given.
   */
  checkArguments?: ArgumentCheck;
}

/** {@link PolicyOptions} with defaults applied. */
export interface ResolvedPolicy {
  readonly nameMatching: NameMatching;
  readonly checkArguments: ArgumentCheck | undefined;
}

/**
 * Checks the `policy` option.
 *
 * @param option - The caller's policy, or `undefined`.
 * @returns The policy with defaults.
 * @throws TypeError for an unknown key, an unknown matching mode or a hook that is not a function.
 * @example
 * ```ts
 * resolvePolicy({ nameMatching: 'ladder' }).nameMatching; // 'ladder'
 * ```
 */
export function resolvePolicy(option: PolicyOptions | undefined): ResolvedPolicy {
  if (option === undefined) return { nameMatching: 'exact', checkArguments: undefined };
  if (typeof option !== 'object' || option === null || Array.isArray(option)) {
    throw new TypeError(
      `createParser: "policy" must be an object such as { nameMatching: 'ladder' }`,
    );
  }
  for (const key of Object.keys(option)) {
    if (key !== 'nameMatching' && key !== 'checkArguments') {
      throw new TypeError(
        `createParser: unknown policy option "${key}". Known: nameMatching, checkArguments`,
      );
    }
  }
  const nameMatching = option.nameMatching ?? 'exact';
  if (nameMatching !== 'exact' && nameMatching !== 'ladder') {
    throw new TypeError(
      `createParser: policy.nameMatching must be 'exact' or 'ladder'; got ${JSON.stringify(nameMatching)}`,
    );
  }
  if (option.checkArguments !== undefined && typeof option.checkArguments !== 'function') {
    throw new TypeError(
      'createParser: policy.checkArguments must be a function (call, context) => verdict',
    );
  }
  return { nameMatching, checkArguments: option.checkArguments };
}
