/**
 * Credential-like strings: API keys, tokens, JWTs and private keys that a model copied from its
 * context into tool arguments. The text is cut into tokens in one linear pass and each token is
 * tested with patterns anchored at its start, so no pattern ever backtracks across the text.
 */

/** Which kind of secret a token looks like. */
export type CredentialKind =
  | 'openai-key'
  | 'aws-access-key'
  | 'github-token'
  | 'slack-token'
  | 'google-api-key'
  | 'stripe-key'
  | 'jwt'
  | 'private-key';

/** Where a credential-like string sits in a text. */
export interface CredentialMatch {
  kind: CredentialKind;
  start: number;
  end: number;
}

/** Token patterns, each anchored at the token's first character. */
export const TOKEN_PATTERNS: readonly { kind: CredentialKind; pattern: RegExp }[] = [
  { kind: 'openai-key', pattern: /^sk-[\w-]{20}/ },
  { kind: 'aws-access-key', pattern: /^(?:AKIA|ASIA)[\dA-Z]{16}/ },
  { kind: 'github-token', pattern: /^(?:gh[opsur]_[\dA-Za-z]{36}|github_pat_\w{22})/ },
  { kind: 'slack-token', pattern: /^xox[abprs]-[\w-]{10}/ },
  { kind: 'google-api-key', pattern: /^AIza[\w-]{35}/ },
  { kind: 'stripe-key', pattern: /^[rs]k_live_[\dA-Za-z]{24}/ },
  { kind: 'jwt', pattern: /^eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8}/ },
];

/**
 * The fewest units a token matching one of {@link TOKEN_PATTERNS} has: a Slack token, `xoxb-` and
 * ten more (a test checks each pattern's shortest match against it).
 */
export const SHORTEST_TOKEN = 15;

const PRIVATE_KEY_OPEN = '-----BEGIN ';
const PRIVATE_KEY_TAG = 'PRIVATE KEY-----';
const PRIVATE_KEY_CLOSE = '-----END ';

/**
 * Finds credential-like strings in a text.
 *
 * @param text - A string argument.
 * @returns Every match, in order of position.
 * @example
 * ```ts
 * findCredentials('use AKIAIOSFODNN7EXAMPLE please'); // [{ kind: 'aws-access-key', start: 4, end: 24 }]
 * ```
 */
export function findCredentials(text: string): CredentialMatch[] {
  const matches: CredentialMatch[] = [];
  const privateKey = findPrivateKey(text);
  if (privateKey !== undefined) matches.push(privateKey);
  let index = 0;
  while (index < text.length) {
    if (!isTokenUnit(text.charCodeAt(index))) {
      index += 1;
      continue;
    }
    let end = index;
    while (end < text.length && isTokenUnit(text.charCodeAt(end))) end += 1;
    // The words of prose are shorter than any credential: no slice, no pattern for them (seven
    // patterns on every word of 100 KB of prose took 3 ms).
    if (end - index >= SHORTEST_TOKEN) {
      const token = text.slice(index, end);
      const found = TOKEN_PATTERNS.find(({ pattern }) => pattern.test(token));
      if (found !== undefined) matches.push({ kind: found.kind, start: index, end });
    }
    index = end;
  }
  return matches.sort((left, right) => left.start - right.start);
}

/**
 * Masks every credential-like string: the first four units stay so a reader can tell which key
 * it was, the rest becomes `…[redacted]`.
 *
 * @param text - Any text.
 * @returns The text with credentials masked.
 * @example
 * ```ts
 * redactCredentials('key sk-abcdefghijklmnopqrstuvwxyz'); // 'key sk-a…[redacted]'
 * ```
 */
export function redactCredentials(text: string): string {
  const matches = findCredentials(text);
  if (matches.length === 0) return text;
  let result = '';
  let cursor = 0;
  for (const match of matches) {
    if (match.start < cursor) continue;
    result += `${text.slice(cursor, match.start)}${text.slice(match.start, match.start + 4)}…[redacted]`;
    cursor = match.end;
  }
  return result + text.slice(cursor);
}

/** A PEM private key block: `-----BEGIN ... PRIVATE KEY-----` up to its END line (or the text's end). */
function findPrivateKey(text: string): CredentialMatch | undefined {
  const tag = text.indexOf(PRIVATE_KEY_TAG);
  if (tag === -1) return undefined;
  const start = text.lastIndexOf(PRIVATE_KEY_OPEN, tag);
  // The BEGIN line is short; a far-away "-----BEGIN " belongs to something else.
  if (start === -1 || tag - start > 40) return undefined;
  const close = text.indexOf(PRIVATE_KEY_CLOSE, tag);
  const closeTag = close === -1 ? -1 : text.indexOf(PRIVATE_KEY_TAG, close);
  const end = closeTag === -1 ? text.length : closeTag + PRIVATE_KEY_TAG.length;
  return { kind: 'private-key', start, end };
}

/** Units that can belong to a key or token: letters, digits, `_`, `-`, `.`. */
function isTokenUnit(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code === 0x2d ||
    code === 0x2e
  );
}
