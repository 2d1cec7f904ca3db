/**
 * The head of a `<function=NAME>` call (qwen3_coder, seed_oss), read from an incomplete section
 * so a stream can start the call at its tag's `>` and stream its parameters as they come.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT, mayBeToken } from '../../stream/call-head.js';
import { createXmlFunctionWriter } from '../../stream/xml-function-writer.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from './blanks.js';
import type { XmlValueLayout } from './xml-function.js';
import { xmlTagName } from './xml-tag-name.js';

const FUNCTION_OPEN = '<function=';
const FUNCTION_CLOSE = '</function>';

/**
 * Reads `<function=NAME>` at `at`: the name is what the grammar's `Name` reads (up to `>`, a
 * newline or `<`), trimmed, and the tag must end with `>` (else the lowering refuses the call
 * as malformed, or the output was cut inside it).
 *
 * @param text - The text seen so far.
 * @param at - Where the tag should start.
 * @param layout - How the syntax writes its values (for the arguments writer).
 * @returns The head (its arguments start after `>`), `'wait'` while the text ends inside a tag
 * that still fits the head's reach, or `undefined` when there is no such tag.
 * @example
 * ```ts
 * readXmlFunctionHead('<tool_call>\n<function=get_weather>\n', 12, 'own-lines');
 * // { name: 'get_weather', argumentsStart: 34, writer: ... }
 * ```
 */
export function readXmlFunctionHead(
  text: string,
  at: number,
  layout: XmlValueLayout,
): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, at + HEAD_LIMIT);
  // What to answer where the text ends inside the head: wait while it still fits.
  const short = limit < text.length ? undefined : 'wait';
  if (at + FUNCTION_OPEN.length > limit) {
    return mayBeToken(text, at, limit, FUNCTION_OPEN) ? short : undefined;
  }
  if (!startsAt(text, FUNCTION_OPEN, at)) return undefined;
  for (let index = at + FUNCTION_OPEN.length; index < limit; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0x0a || unit === 0x3c) return undefined;
    if (unit !== 0x3e) continue;
    const name = xmlTagName(text.slice(at + FUNCTION_OPEN.length, index));
    if (name === '') return undefined;
    return {
      name,
      argumentsStart: index + 1,
      writer: (tools) => createXmlFunctionWriter(tools, name, layout),
    };
  }
  return short;
}

/**
 * Reads the `<function=NAME>` after a function whose arguments' writer ended at `from`: only
 * after the function's own `</function>` (the writer also ends at a tag that implies it, which a
 * section reads otherwise), then blanks. Anything else between the two functions is junk, which
 * refuses every call of the section by name, as the stream announced them.
 *
 * @param text - The text seen so far.
 * @param from - Where the previous function's writer stopped reading.
 * @param previousArguments - The previous function's arguments, as its writer read them.
 * @param layout - How the syntax writes its values (for the arguments writer).
 * @returns The head, `'wait'` or `undefined`, as {@link readXmlFunctionHead} answers them.
 * @example
 * ```ts
 * const text = '<tool_call>\n<function=f>\n</function>\n<function=g>\n';
 * readNextXmlFunctionHead(text, 36, '\n</function>', 'own-lines');
 * // { name: 'g', argumentsStart: 50, ... }
 * ```
 */
export function readNextXmlFunctionHead(
  text: string,
  from: number,
  previousArguments: string,
  layout: XmlValueLayout,
): CallHead | 'wait' | undefined {
  if (!previousArguments.endsWith(FUNCTION_CLOSE)) return undefined;
  return readXmlFunctionHead(text, skipBlanks(text, from), layout);
}
