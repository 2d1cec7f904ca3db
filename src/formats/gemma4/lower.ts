/** Lowering of gemma4 sections: calls, the thought channel, stray channel tokens. */
import { match } from 'ts-pattern';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import type { Gemma4ToolCalls, Gemma4Section } from './ast.js';
import { Gemma4ValueError, lowerGemma4Arguments } from './values.js';
import { readGemma4HeadNames } from './head.js';
import { refusedByNames } from '../shared/refused-call.js';
import { sectionOf } from '../shared/section-of.js';

/**
 * Lowers a gemma4 section. A block without `<tool_call|>` gets a `missing-end-marker` repair; its
 * calls are complete when their `}` was written. The thought channel becomes reasoning (tool
 * syntax inside it is never a call); a stray `<channel|>` contributes nothing.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls, reasoning and issues.
 */
export function lowerGemma4(node: Gemma4Section, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'gemma4-tool-calls' }, (section) => lowerToolCalls(section, end, context))
    .with({ type: 'gemma4-malformed' }, (section) => {
      const issue: Issue = section.closed
        ? {
            code: 'malformed-tool-call',
            message: '<|tool_call> is not followed by call:NAME{...}',
            offset: section.body.start,
          }
        : {
            code: 'incomplete-tool-call',
            message: '<|tool_call> was cut off by the end of the output',
            offset: section.body.start,
          };
      // A block whose calls' heads read (`call:NAME{`) is those calls, refused: a stream may have
      // started them from those heads, and ends them as this section gives them.
      const names = readGemma4HeadNames(
        context.text.slice(0, section.body.end),
        section.start,
        context.tools,
        context.limits,
      );
      const span = { start: section.start, end };
      return sectionOf(
        section.start,
        end,
        refusedByNames(names, 'gemma4', span, issue, section.closed),
      );
    })
    .with({ type: 'gemma4-channel' }, (section) => ({
      start: section.start,
      end,
      calls: [],
      issues: [],
      reasoning: section.body,
    }))
    .with({ type: 'gemma4-channel-close' }, (section) => ({
      start: section.start,
      end,
      calls: [],
      issues: [],
    }))
    .exhaustive();
}

function lowerToolCalls(section: Gemma4ToolCalls, end: number, context: FormatContext): Section {
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  for (const call of section.calls) {
    const repairs: Repair[] = section.closed ? [] : [{ kind: 'missing-end-marker', offset: end }];
    if (call.parens) {
      repairs.push({
        kind: 'other',
        offset: call.start,
        detail: `the arguments of call:${call.name} written in parentheses, not braces`,
      });
    }
    const raw: RawCall = {
      name: call.name,
      arguments: {},
      format: 'gemma4',
      span: { start: call.start, end: call.end },
      repairs,
      complete: call.closed,
    };
    try {
      raw.arguments = lowerGemma4Arguments(call, context, repairs);
    } catch (error) {
      if (!(error instanceof Gemma4ValueError)) throw error;
      // Rejected as malformed by the decide phase, with an envelope naming the call.
      raw.malformed = error.issue;
      issues.push(error.issue);
    }
    calls.push(raw);
  }
  // Calls read up to <tool_call|>: no text after it changes them, and a stream settles the block
  // there (`Section.open`). A block read as malformed says nothing: on a prefix cut inside a
  // value (`{a:<|"|><tool_call|>`), more text may make it calls.
  return { start: section.start, end, calls, issues, open: !section.closed };
}
