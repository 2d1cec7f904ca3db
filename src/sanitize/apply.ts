/**
 * Applies a sanitization profile to arguments that already passed their schema: changes
 * (HTML stripped, identifiers normalised, caps applied) are recorded as `sanitized` repairs;
 * refusals (credentials, echoed secrets, caps in `'reject'` mode, injection in `'reject'` mode)
 * name the field so the model can fix it. The caller's object is never modified.
 */
import type { CallFlag, Repair } from '../types.js';
import { escapePointer } from '../validate/errors.js';
import { isPlainObject, setOwn } from '../validate/clone.js';
import { findCredentials } from './credentials.js';
import { findEcho, findInjection } from './injection.js';
import { selects, type FieldSelector, type ResolvedProfile } from './profile.js';
import { normalizeIdentifier, stripHtml } from './text.js';

/** Why a profile refused a call, in envelope terms. Never quotes the secret it found. */
export interface SanitizeRefusal {
  field: string;
  expected: string;
  received: string;
}

/** What applying a profile gave. */
export type SanitizeOutcome =
  | { ok: true; value: Record<string, unknown>; repairs: Repair[]; flags: CallFlag[] }
  | { ok: false; refusal: SanitizeRefusal };

interface Walk {
  readonly profile: ResolvedProfile;
  readonly offset: number;
  readonly repairs: Repair[];
  readonly flags: CallFlag[];
  refusal: SanitizeRefusal | undefined;
}

/**
 * Sanitizes one call's arguments.
 *
 * @param argumentsValue - Schema-valid arguments.
 * @param profile - The tool's resolved profile.
 * @param offset - Where the call starts in the output, for repair records.
 * @returns The sanitized copy with its repairs and flags, or a refusal.
 * @example
 * ```ts
 * sanitizeArguments({ body: '<b>hi</b>' }, resolveProfile({ stripHtml: ['body'] }, 'send'), 0);
 * // { ok: true, value: { body: 'hi' }, repairs: [{ kind: 'sanitized', offset: 0, detail: '/body: HTML stripped' }], flags: [] }
 * ```
 */
export function sanitizeArguments(
  argumentsValue: Record<string, unknown>,
  profile: ResolvedProfile,
  offset: number,
): SanitizeOutcome {
  const walk: Walk = { profile, offset, repairs: [], flags: [], refusal: undefined };
  const value = sanitizeValue(walk, argumentsValue, []) as Record<string, unknown>;
  if (walk.refusal !== undefined) return { ok: false, refusal: walk.refusal };
  return { ok: true, value, repairs: walk.repairs, flags: walk.flags };
}

function sanitizeValue(walk: Walk, value: unknown, path: string[]): unknown {
  if (walk.refusal !== undefined) return value;
  if (typeof value === 'string') return sanitizeString(walk, value, path);
  if (Array.isArray(value)) return sanitizeArray(walk, value, path);
  if (!isPlainObject(value)) return value;
  const copy = Object.create(
    Object.getPrototypeOf(value) === null ? null : Object.prototype,
  ) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    setOwn(copy, key, sanitizeValue(walk, value[key], [...path, key]));
    if (walk.refusal !== undefined) break;
  }
  return copy;
}

function sanitizeArray(walk: Walk, value: readonly unknown[], path: string[]): unknown[] {
  const { maxArrayLength, onCap } = walk.profile;
  let items = value;
  if (maxArrayLength !== undefined && value.length > maxArrayLength) {
    if (onCap === 'reject') {
      walk.refusal = {
        field: pointer(path),
        expected: `an array of at most ${maxArrayLength} items (split the work into several calls)`,
        received: `${value.length} items`,
      };
      return [...value];
    }
    items = value.slice(0, maxArrayLength);
    record(walk, path, `array cut from ${value.length} to ${maxArrayLength} items`);
  }
  return items.map((item, index) => sanitizeValue(walk, item, [...path, String(index)]));
}

function sanitizeString(walk: Walk, original: string, path: string[]): string {
  const { profile } = walk;
  let value = original;
  if (matchesAny(profile.stripHtml, path)) {
    const stripped = stripHtml(value);
    if (stripped !== value) record(walk, path, 'HTML stripped');
    value = stripped;
  }
  if (matchesAny(profile.identifiers, path)) {
    const normalized = normalizeIdentifier(value);
    if (normalized !== value)
      record(walk, path, 'Unicode look-alikes and invisible characters normalised');
    value = normalized;
  }
  if (profile.maxStringLength !== undefined && value.length > profile.maxStringLength) {
    if (profile.onCap === 'reject') {
      walk.refusal = {
        field: pointer(path),
        expected: `a string of at most ${profile.maxStringLength} characters`,
        received: `${value.length} characters`,
      };
      return value;
    }
    value = cutString(value, profile.maxStringLength);
    record(walk, path, `string cut to ${profile.maxStringLength} characters`);
  }
  if (profile.refuseCredentials) {
    const credential = findCredentials(value)[0];
    if (credential !== undefined) {
      walk.refusal = {
        field: pointer(path),
        expected: 'no credentials: never put API keys, tokens or private keys in tool arguments',
        received: `a string containing what looks like a ${credential.kind}`,
      };
      return value;
    }
  }
  if (findEcho(value, profile.echoFragments) !== -1) {
    walk.refusal = {
      field: pointer(path),
      expected: 'no text copied from the system prompt or from secrets',
      received: 'a string that repeats protected text',
    };
    return value;
  }
  if (
    profile.injection !== 'off' &&
    (profile.freeText === undefined || matchesAny(profile.freeText, path))
  ) {
    const phrase = findInjection(value);
    if (phrase !== undefined) {
      const message = `the text contains "${phrase}", a phrase used to inject instructions`;
      if (profile.injection === 'reject') {
        walk.refusal = {
          field: pointer(path),
          expected: 'text without instructions to a model',
          received: message,
        };
        return value;
      }
      walk.flags.push({ code: 'possible-prompt-injection', field: pointer(path), message });
    }
  }
  return value;
}

function matchesAny(selectors: readonly FieldSelector[], path: readonly string[]): boolean {
  return selectors.some((selector) => selects(selector, path));
}

function record(walk: Walk, path: readonly string[], what: string): void {
  walk.repairs.push({
    kind: 'sanitized',
    offset: walk.offset,
    detail: `${pointer(path) || '/'}: ${what}`,
  });
}

function pointer(path: readonly string[]): string {
  return path.map((segment) => `/${escapePointer(segment)}`).join('');
}

/** Cuts a string without splitting a surrogate pair. */
function cutString(value: string, length: number): string {
  const code = value.charCodeAt(length - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}
