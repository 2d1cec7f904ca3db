/**
 * Audit records for replay: for each call of a parse, the raw text the model wrote, the
 * normalised call, and a redacted form (credentials and given secrets masked) that is safe to
 * store in logs.
 */
import { redactCredentials } from '../sanitize/credentials.js';
import type { ParseResult, RejectionReason } from '../types.js';
import { isPlainObject, setOwn } from '../validate/clone.js';

/** One call's audit record. */
export interface AuditRecord {
  callId: string | undefined;
  verdict: 'accepted' | RejectionReason;
  /** The call's text exactly as the model wrote it (native calls: their JSON). */
  raw: string;
  /** The call after phase 1 and 2: its (resolved) name and arguments. */
  normalized: { name: string | undefined; arguments: unknown };
  /** `raw` and `normalized.arguments` with credentials and secrets masked: the form to store. */
  redacted: { raw: string; arguments: unknown };
}

/** Options of {@link createAuditRecords}. */
export interface AuditOptions {
  /** Texts to mask wherever they appear (API keys of your own, a system prompt's lines). */
  secrets?: readonly string[];
}

/** What a masked secret becomes. */
const MASK = '[redacted]';

/**
 * Builds the audit records of one parse.
 *
 * @param text - The output that was parsed (`''` for `fromNative` results).
 * @param result - What `parse` or `fromNative` returned.
 * @param options - Extra secrets to mask.
 * @returns One record per accepted and refused call, in that order.
 * @example
 * ```ts
 * const [record] = createAuditRecords(text, parser.parse(text));
 * record?.redacted.raw; // the call's text with 'sk-…' keys masked
 * ```
 */
export function createAuditRecords(
  text: string,
  result: Pick<ParseResult, 'calls' | 'rejected'>,
  options: AuditOptions = {},
): AuditRecord[] {
  const secrets = (options.secrets ?? []).filter((secret) => secret.length > 0);
  const redact = (value: string): string => {
    let masked = redactCredentials(value);
    for (const secret of secrets) masked = masked.split(secret).join(MASK);
    return masked;
  };
  const entries = [
    ...result.calls.map((call) => ({
      callId: call.id as string | undefined,
      verdict: 'accepted' as const,
      name: call.name as string | undefined,
      args: call.arguments as unknown,
      span: call.span,
    })),
    ...result.rejected.map((rejection) => ({
      callId: rejection.id,
      verdict: rejection.reason,
      name: rejection.name,
      args: rejection.arguments,
      span: rejection.span,
    })),
  ];
  return entries.map((entry) => {
    const sliced = text.slice(entry.span.start, entry.span.end);
    const raw =
      sliced !== '' ? sliced : (JSON.stringify({ name: entry.name, arguments: entry.args }) ?? '');
    return {
      callId: entry.callId,
      verdict: entry.verdict,
      raw,
      normalized: { name: entry.name, arguments: entry.args },
      redacted: { raw: redact(raw), arguments: redactValue(entry.args, redact) },
    };
  });
}

/**
 * Masks every string inside a JSON-like value (keys kept, `__proto__` included, as data).
 *
 * @param value - Arguments.
 * @param redact - How one string is masked.
 * @returns A masked copy.
 * @example
 * ```ts
 * redactValue({ key: 'sk-abcdefghijklmnopqrstuvwxyz' }, redactCredentials); // { key: 'sk-a…[redacted]' }
 * ```
 */
export function redactValue(
  value: unknown,
  redact: (text: string) => string = redactCredentials,
): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact));
  if (!isPlainObject(value)) return value;
  const copy = {};
  for (const key of Object.keys(value)) setOwn(copy, key, redactValue(value[key], redact));
  return copy;
}
