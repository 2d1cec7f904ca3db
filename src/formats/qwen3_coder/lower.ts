/**
 * Lowering of qwen3_coder sections: each `<function=...>` becomes a call, its values on their own
 * lines (one structural newline stripped on each side) and typed by the tool's schema; without a
 * schema they stay strings, as vLLM's qwen3coder parser keeps them.
 */
import { match } from 'ts-pattern';
import type { Repair } from '../../types.js';
import type { FormatContext, Section } from '../format.js';
import { lowerXmlFunction } from '../shared/xml-function.js';
import { lowerXmlSection, type XmlSectionSyntax } from '../shared/xml-section.js';
import type { Qwen3CoderNode } from './ast.js';

const TAGS = { open: '<tool_call>', close: '</tool_call>' };

/** The syntax of qwen3_coder's `<tool_call>` sections. */
const QWEN3_CODER_SECTIONS: XmlSectionSyntax = {
  format: 'qwen3_coder',
  layout: 'own-lines',
  tags: TAGS,
};

/**
 * Lowers a qwen3_coder section to calls.
 *
 * @param node - The section's AST (a `<tool_call>` section or a bare function).
 * @param context - The output, schemas and limits.
 * @returns The section, or `undefined` for a bare `<function=...>` that is not clean syntax (it
 * stays text: without `<tool_call>` only a well-formed function is trusted to be a call), or a
 * bare misnamed one (`<parameter=NAME>`) not closed by its `</function>`.
 */
export function lowerQwen3Coder(node: Qwen3CoderNode, context: FormatContext): Section | undefined {
  return match(node)
    .with({ type: 'qwen3-coder-section' }, (section) =>
      lowerXmlSection(section, QWEN3_CODER_SECTIONS, context),
    )
    .with({ type: 'qwen3-coder-bare-function' }, (bare) => {
      const span = { start: bare.start, end: bare.end };
      const repairs: Repair[] = [{ kind: 'missing-start-marker', offset: bare.start }];
      const lowered = lowerXmlFunction(bare.function, context, {
        format: 'qwen3_coder',
        span,
        layout: 'own-lines',
        repairs,
      });
      const malformed = lowered.issues.some((issue) => issue.code === 'malformed-tool-call');
      if (malformed) return undefined;
      // A misnamed tag (`<parameter=NAME>`) with no <tool_call> around it is a call only once its
      // </function> says so: cut off, it may still turn out to be a parameter written in prose.
      if (bare.function.misnamed === true && bare.function.body.close !== 'closed')
        return undefined;
      const calls = lowered.call === undefined ? [] : [lowered.call];
      return { start: span.start, end: span.end, calls, issues: lowered.issues };
    })
    .exhaustive();
}
