/**
 * Sanitization profiles: what a tool's arguments must look like beyond their schema. Checked once
 * when the parser is created; a mistake in a profile is a TypeError that says how to fix it.
 */
import { comparisonForm } from './text.js';

/**
 * A field selector: a property name (`"body"`, matched at any depth) or a JSON pointer from the
 * arguments' root (`"/customer/id"`), where a `*` segment matches any key or array index.
 */
export type FieldSelector = string;

/** One tool's sanitization profile. Every change and refusal it makes is recorded. */
export interface SanitizeProfile {
  /** Longest string argument, in UTF-16 units. */
  maxStringLength?: number;
  /** Longest array argument. */
  maxArrayLength?: number;
  /** What a cap does: `'reject'` the call (default: nothing is dropped silently) or `'truncate'`. */
  onCap?: 'reject' | 'truncate';
  /** Fields whose HTML tags are stripped (`<script>`/`<style>` content dropped). */
  stripHtml?: readonly FieldSelector[];
  /** Identifier fields: NFKC, look-alike letters folded to Latin, invisible characters dropped. */
  identifiers?: readonly FieldSelector[];
  /** Refuse strings that look like API keys, tokens, JWTs or private keys. Default true. */
  refuseCredentials?: boolean;
  /** Secrets and system-prompt lines (8+ characters) that no argument may repeat. */
  refuseEchoOf?: readonly string[];
  /** The prompt-injection heuristic: `'flag'` (default), `'reject'` or `'off'`. */
  injection?: 'off' | 'flag' | 'reject';
  /** Fields the injection heuristic reads; default every string. */
  freeText?: readonly FieldSelector[];
}

/** A checked profile, with secrets in comparison form. */
export interface ResolvedProfile {
  readonly maxStringLength: number | undefined;
  readonly maxArrayLength: number | undefined;
  readonly onCap: 'reject' | 'truncate';
  readonly stripHtml: readonly FieldSelector[];
  readonly identifiers: readonly FieldSelector[];
  readonly refuseCredentials: boolean;
  readonly echoFragments: readonly string[];
  readonly injection: 'off' | 'flag' | 'reject';
  readonly freeText: readonly FieldSelector[] | undefined;
}

/** Shorter fragments would match ordinary words and refuse harmless calls. */
const MIN_FRAGMENT_LENGTH = 8;

const KNOWN_KEYS = [
  'maxStringLength',
  'maxArrayLength',
  'onCap',
  'stripHtml',
  'identifiers',
  'refuseCredentials',
  'refuseEchoOf',
  'injection',
  'freeText',
];

/**
 * Checks a profile and prepares it for use.
 *
 * @param profile - The tool's `sanitize` option.
 * @param tool - The tool's name, for error messages.
 * @returns The resolved profile.
 * @throws TypeError for an unknown key, a cap that is not a positive integer, a selector or fragment of the wrong type.
 * @example
 * ```ts
 * resolveProfile({ maxStringLength: 500, stripHtml: ['body'] }, 'send_email').onCap; // 'reject'
 * ```
 */
export function resolveProfile(profile: SanitizeProfile, tool: string): ResolvedProfile {
  const where = `createParser: the sanitize profile of tool "${tool}"`;
  if (typeof profile !== 'object' || profile === null || Array.isArray(profile)) {
    throw new TypeError(`${where} must be an object such as { maxStringLength: 1000 }`);
  }
  for (const key of Object.keys(profile)) {
    if (!KNOWN_KEYS.includes(key)) {
      throw new TypeError(
        `${where} has an unknown key "${key}". Known keys: ${KNOWN_KEYS.join(', ')}`,
      );
    }
  }
  const fragments = selectors(profile.refuseEchoOf, `${where}: refuseEchoOf`);
  const short = fragments.find((fragment) => fragment.trim().length < MIN_FRAGMENT_LENGTH);
  if (short !== undefined) {
    throw new TypeError(
      `${where}: refuseEchoOf fragment ${JSON.stringify(short)} is shorter than ${MIN_FRAGMENT_LENGTH} characters; give longer fragments so ordinary words are not refused`,
    );
  }
  return {
    maxStringLength: cap(profile.maxStringLength, `${where}: maxStringLength`),
    maxArrayLength: cap(profile.maxArrayLength, `${where}: maxArrayLength`),
    onCap: oneOf(profile.onCap, ['reject', 'truncate'], `${where}: onCap`) ?? 'reject',
    stripHtml: selectors(profile.stripHtml, `${where}: stripHtml`),
    identifiers: selectors(profile.identifiers, `${where}: identifiers`),
    refuseCredentials: flag(profile.refuseCredentials, `${where}: refuseCredentials`) ?? true,
    echoFragments: fragments.map((fragment) => comparisonForm(fragment).trim()),
    injection: oneOf(profile.injection, ['off', 'flag', 'reject'], `${where}: injection`) ?? 'flag',
    freeText:
      profile.freeText === undefined
        ? undefined
        : selectors(profile.freeText, `${where}: freeText`),
  };
}

function cap(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new TypeError(`${where} must be a positive integer; got ${JSON.stringify(value)}`);
  }
  return value;
}

function selectors(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    throw new TypeError(
      `${where} must be an array of non-empty strings, such as ["body", "/customer/id"]`,
    );
  }
  return [...(value as string[])];
}

function oneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  where: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) {
    throw new TypeError(
      `${where} must be one of ${allowed.map((item) => `'${item}'`).join(', ')}; got ${JSON.stringify(value)}`,
    );
  }
  return value as T;
}

function flag(value: unknown, where: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean')
    throw new TypeError(`${where} must be true or false; got ${JSON.stringify(value)}`);
  return value;
}

/**
 * Whether a selector picks the field at `path`.
 *
 * @param selector - A property name or a JSON pointer (with `*` segments).
 * @param path - The field's path from the arguments' root, as unescaped segments.
 * @returns True when the selector names this field.
 * @example
 * ```ts
 * selects('/items/*\/sku', ['items', '0', 'sku']); // true
 * selects('body', ['message', 'body']); // true
 * ```
 */
export function selects(selector: FieldSelector, path: readonly string[]): boolean {
  if (!selector.startsWith('/')) return path.length > 0 && path[path.length - 1] === selector;
  const segments = selector
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  return (
    segments.length === path.length &&
    segments.every((segment, index) => segment === '*' || segment === path[index])
  );
}
