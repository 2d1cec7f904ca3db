/**
 * Lowering of a section that wraps `<function=...>` calls in its own tags (qwen3_coder's
 * `<tool_call>`, seed_oss's `<seed:tool_call>`): every function becomes a call; text other than
 * blank space between them makes the whole section malformed, every call in it refused.
 */
import { match } from 'ts-pattern';
import type { FormatId, Issue, Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { lowerXmlFunction, type XmlValueLayout } from './xml-function.js';
import type { XmlClose, XmlFunction, XmlStrayText } from './xml-function-ast.js';
import { malformed } from './issues.js';
import { refusedCall } from './refused-call.js';

/** A wrapping section as its grammar found it. */
export interface XmlSectionNode {
  start: number;
  end: number;
  items: readonly (XmlFunction | XmlStrayText)[];
  /** `implicit`: the next section began first; `cut`: the output ended first. */
  close: XmlClose;
}

/** What a syntax that wraps functions in its own tags says of itself, the same for all its sections. */
export interface XmlSectionSyntax {
  format: FormatId;
  layout: XmlValueLayout;
  /** The section's open and close tags, for messages and repair details. */
  tags: { open: string; close: string };
}

/**
 * Lowers a wrapping section to its calls. The section and its syntax come apart (not merged into
 * one object per section, a copy that made a typical call a quarter slower to read).
 *
 * @param source - The section's items and how it ended.
 * @param syntax - The format, its value layout and its tags.
 * @param context - The output, schemas and limits.
 * @returns The section: a call per function (complete ones carry a `missing-end-marker` repair
 * when the output ended before the close tag); when junk text sits between the functions, each
 * call refused as `malformed` by the first junk's issue (or that issue alone when no function
 * has a name).
 * @example
 * ```ts
 * lowerXmlSection(section, { format: 'seed_oss', layout: 'verbatim', tags }, context);
 * ```
 */
export function lowerXmlSection(
  source: XmlSectionNode,
  syntax: XmlSectionSyntax,
  context: FormatContext,
): Section {
  const span = { start: source.start, end: source.end };
  const { format, layout, tags } = syntax;
  const repairs = closeRepairs(source.close, source.end, tags.close);
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  let functions = 0;
  let junk: Issue | undefined;
  for (const item of source.items) {
    match(item)
      .with({ type: 'xml-function' }, (fn) => {
        functions += 1;
        const lowered = lowerXmlFunction(fn, context, { format, span, layout, repairs });
        if (lowered.call !== undefined) calls.push(lowered.call);
        // A loop, not a spread: one function may carry more issues than a call takes arguments.
        for (const issue of lowered.issues) issues.push(issue);
      })
      .with({ type: 'xml-stray-text' }, (stray) => {
        if (stray.text.trim() === '' || junk !== undefined) return;
        junk = malformed(`unexpected text in ${tags.open}`, stray.start);
        issues.push(junk);
      })
      .exhaustive();
  }
  if (functions === 0 && junk === undefined) {
    issues.push(
      source.close === 'cut'
        ? {
            code: 'incomplete-tool-call',
            message: `the output ended after ${tags.open}`,
            offset: span.start,
          }
        : malformed(`the ${tags.open} holds no <function=...>`, span.start),
    );
  }
  // Junk between functions means the section is not what it looks like: no call runs. Each is
  // still given back, refused by its name: a stream may have announced the calls before the junk
  // came, and the section must end them, one for one, as it announced them.
  if (junk !== undefined) {
    for (let index = 0; index < calls.length; index += 1) {
      const call = calls[index] as RawCall;
      if (call.malformed !== undefined) continue;
      calls[index] = refusedCall(call.name, format, call.span, junk, call.repairs, call.complete);
    }
  }
  return { start: span.start, end: span.end, calls, issues };
}

function closeRepairs(close: XmlClose, end: number, tag: string): Repair[] {
  return match(close)
    .with('closed', () => [])
    .with('cut', () => [{ kind: 'missing-end-marker' as const, offset: end }])
    .with('implicit', () => [{ kind: 'implicit-close-tag' as const, offset: end, detail: tag }])
    .exhaustive();
}
