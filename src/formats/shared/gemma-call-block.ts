/**
 * Lowering of a block in Gemma's call syntax, as gemma4 and functiongemma write it: its calls,
 * or, where its body is not calls, the calls a stream may have started from their heads, refused.
 */
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import type { GemmaCallBlock, GemmaMalformedBlock } from './gemma-call-ast.js';
import { GemmaValueError, lowerGemmaArguments, type GemmaCallSyntax } from './gemma-call.js';
import { readGemmaHeadNames } from './gemma-call-head.js';
import { refusedByNames } from './refused-call.js';
import { sectionOf } from './section-of.js';

/**
 * Lowers a block of calls. A block without its close token gets a `missing-end-marker` repair;
 * its calls are complete when their `}` was written.
 *
 * @param syntax - The format's tokens.
 * @param block - The block's node.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls; a value nesting past `maxDepth` refuses its call.
 */
export function lowerGemmaCallBlock(
  syntax: GemmaCallSyntax,
  block: GemmaCallBlock,
  end: number,
  context: FormatContext,
): Section {
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  for (const call of block.calls) {
    const repairs: Repair[] = block.closed ? [] : [{ kind: 'missing-end-marker', offset: end }];
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
      format: syntax.format,
      span: { start: call.start, end: call.end },
      repairs,
      complete: call.closed,
    };
    try {
      raw.arguments = lowerGemmaArguments(call, context, repairs);
    } catch (error) {
      if (!(error instanceof GemmaValueError)) throw error;
      // Rejected as malformed by the decide phase, with an envelope naming the call.
      raw.malformed = error.issue;
      issues.push(error.issue);
    }
    calls.push(raw);
  }
  // Calls read up to the close token: no text after it changes them, and a stream settles the
  // block there (`Section.open`). A block read as malformed says nothing: on a prefix cut inside
  // a value (`{a:<|"|><tool_call|>`), more text may make it calls.
  return { start: block.start, end, calls, issues, open: !block.closed };
}

/**
 * Lowers a block whose body is not calls: an issue, and the calls whose heads read
 * (`call:NAME{`), refused, since a stream may have started them from those heads and ends them
 * as this section gives them.
 *
 * @param syntax - The format's tokens.
 * @param block - The block's node.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its refused calls and the issue.
 */
export function lowerMalformedGemmaBlock(
  syntax: GemmaCallSyntax,
  block: GemmaMalformedBlock,
  end: number,
  context: FormatContext,
): Section {
  const issue: Issue = block.closed
    ? {
        code: 'malformed-tool-call',
        message: `${syntax.open} is not followed by call:NAME{...}`,
        offset: block.body.start,
      }
    : {
        code: 'incomplete-tool-call',
        message: `${syntax.open} was cut off by the end of the output`,
        offset: block.body.start,
      };
  const names = readGemmaHeadNames(
    syntax,
    context.text.slice(0, block.body.end),
    block.start,
    context.tools,
    context.limits,
  );
  const span = { start: block.start, end };
  return sectionOf(
    block.start,
    end,
    refusedByNames(names, syntax.format, span, issue, block.closed),
  );
}
