/** Lowering of text_kv: the name line names the tool, the arguments line is a JSON object. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import { scanJsonValue } from '../../json/index.js';
import { skipCloser } from '../shared/skip-closer.js';
import type { TextKvSection } from './ast.js';

const WRAPPER_CLOSE = '[/TOOL_CALL_HISTORY]';

/**
 * Lowers a text_kv section.
 *
 * @param node - The section's AST.
 * @param context - The output, schemas and limits.
 * @returns The section with its call, or an issue when the name is empty or the arguments are not
 * a JSON object.
 */
export function lowerTextKv(node: TextKvSection, context: FormatContext): Section {
  return match(node)
    .with({ type: 'text-kv-section' }, (section) => {
      const scan = scanJsonValue(context.text, section.payloadStart);
      const end = section.wrapped ? skipCloser(context.text, scan.end, WRAPPER_CLOSE) : scan.end;
      const read = readArgumentsPayload(context, {
        format: 'text_kv',
        name: section.name.text,
        span: { start: section.start, end },
        payload: { start: section.payloadStart, end: scan.end },
        closed: true,
      });
      if (!('call' in read)) return { start: section.start, end, calls: [], issues: [read.issue] };
      read.call.complete &&= scan.closed;
      return {
        start: section.start,
        end,
        calls: [read.call],
        issues: read.issue === undefined ? [] : [read.issue],
      };
    })
    .exhaustive();
}
