/**
 * Lowering of qwen3_coder sections: each `<function=...>` becomes a call, its values on their own
 * lines (one structural newline stripped on each side) and typed by the tool's schema; without a
 * schema they stay strings, as vLLM's qwen3coder parser keeps them.
 */
import { match } from 'ts-pattern';
import type { Issue, Repair, Span } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { lowerXmlFunction } from '../shared/xml-function.js';
import type { XmlClose, XmlFunction } from '../shared/xml-function-ast.js';
import type { Qwen3CoderNode } from './ast.js';

/**
 * Lowers a qwen3_coder section to calls.
 *
 * @param node - The section's AST (a `<tool_call>` section or a bare function).
 * @param context - The output, schemas and limits.
 * @returns The section, or `undefined` for a bare `<function=...>` that is not clean syntax (it
 * stays text: without `<tool_call>` only a well-formed function is trusted to be a call).
 */
export function lowerQwen3Coder(node: Qwen3CoderNode, context: FormatContext): Section | undefined {
  return match(node)
    .with({ type: 'qwen3-coder-section' }, (section) => {
      const span = { start: section.start, end: section.end };
      const repairs = closeRepairs(section.close, section.end);
      const calls: RawCall[] = [];
      const issues: Issue[] = [];
      let functions = 0;
      let junk = false;
      for (const item of section.items) {
        match(item)
          .with({ type: 'xml-function' }, (fn) => {
            functions += 1;
            const lowered = lowerFunction(fn, context, span, repairs);
            if (lowered.call !== undefined) calls.push(lowered.call);
            issues.push(...lowered.issues);
          })
          .with({ type: 'xml-stray-text' }, (stray) => {
            if (stray.text.trim() === '') return;
            junk = true;
            issues.push(malformed(`unexpected text in <tool_call> at ${stray.start}`, stray.start));
          })
          .exhaustive();
      }
      if (functions === 0 && !junk) {
        issues.push(
          section.close === 'cut'
            ? {
                code: 'incomplete-tool-call',
                message: 'the output ended after <tool_call>',
                offset: span.start,
              }
            : malformed(`the <tool_call> at ${span.start} holds no <function=...>`, span.start),
        );
      }
      // Junk between functions means the section is not what it looks like: no call runs.
      return { start: span.start, end: span.end, calls: junk ? [] : calls, issues };
    })
    .with({ type: 'qwen3-coder-bare-function' }, (bare) => {
      const span = { start: bare.start, end: bare.end };
      const repairs: Repair[] = [{ kind: 'missing-start-marker', offset: bare.start }];
      const lowered = lowerFunction(bare.function, context, span, repairs);
      if (
        lowered.call === undefined &&
        lowered.issues.some((issue) => issue.code === 'malformed-tool-call')
      ) {
        return undefined;
      }
      const calls = lowered.call === undefined ? [] : [lowered.call];
      return { start: span.start, end: span.end, calls, issues: lowered.issues };
    })
    .exhaustive();
}

function lowerFunction(
  fn: XmlFunction,
  context: FormatContext,
  span: Span,
  repairs: readonly Repair[],
): { call?: RawCall; issues: Issue[] } {
  return lowerXmlFunction(fn, context, {
    format: 'qwen3_coder',
    span,
    layout: 'own-lines',
    repairs,
  });
}

function closeRepairs(close: XmlClose, end: number): Repair[] {
  return match(close)
    .with('closed', () => [])
    .with('cut', () => [{ kind: 'missing-end-marker' as const, offset: end }])
    .with('implicit', () => [
      { kind: 'implicit-close-tag' as const, offset: end, detail: '</tool_call>' },
    ])
    .exhaustive();
}

function malformed(message: string, offset: number): Issue {
  return { code: 'malformed-tool-call', message, offset };
}
