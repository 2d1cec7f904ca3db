/**
 * Lowering of react: the action names the tool and the action input is its JSON arguments; the
 * thought line goes to reasoning. A plain-text input is not guessed into an argument.
 */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import { scanJsonValue } from '../../json/index.js';
import type { ReactSection } from './ast.js';
import { sectionOf } from '../shared/section-of.js';

/**
 * Lowers a react section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its call (or an issue), and the thought as reasoning.
 */
export function lowerReact(node: ReactSection, end: number, context: FormatContext): Section {
  return match(node.input)
    .with({ type: 'react-json-input' }, (input) => {
      const scan = scanJsonValue(context.text, input.start);
      const read = readArgumentsPayload(context, {
        format: 'react',
        name: node.name.text,
        span: { start: node.start, end: scan.end },
        payload: { start: input.start, end: scan.end },
        closed: true,
      });
      if (!('call' in read)) {
        return sectionOf(node.start, scan.end, { calls: [], issues: [read.issue] }, node.thought);
      }
      read.call.complete &&= scan.closed;
      const issues = read.issue === undefined ? [] : [read.issue];
      return sectionOf(node.start, scan.end, { calls: [read.call], issues }, node.thought);
    })
    .with({ type: 'react-text-input' }, (input) =>
      sectionOf(
        node.start,
        end,
        {
          calls: [],
          issues: [
            {
              code: 'malformed-tool-call' as const,
              message: `the action input of "${node.name.text}" is not a JSON object`,
              offset: input.start,
              received: context.text.slice(input.start, Math.min(input.end, input.start + 60)),
            },
          ],
        },
        node.thought,
      ),
    )
    .exhaustive();
}
