/**
 * The key/value pairs of a GLM-style call (`<arg_key>KEY</arg_key><arg_value>VALUE</arg_value>`),
 * read into its arguments: glm45's and hy_v3's, whose grammars give the same nodes.
 */
import { match } from 'ts-pattern';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext } from '../format.js';
import type { GlmPair, GlmStrayText } from './glm-pair-ast.js';
import { readGlmValue } from './glm-value.js';
import { implied, malformed } from './issues.js';
import { setOwn } from './own-property.js';

/**
 * Reads the pairs of a GLM-style call (glm45's, and hy_v3's, whose grammar gives the same nodes):
 * each value typed by `readGlmValue`; text between pairs that is more than blanks or a written
 * `\\n`, a key not closed or empty, or a key with no value is a problem (one each). A pair the end
 * of the output cut off is no problem where the call itself was cut off: the call is incomplete.
 *
 * @param items - The call's pairs and the text between them, in order.
 * @param call - The call's name, whether the output cut it off, the schemas, and the repairs
 * made reading it (this adds its own).
 * @param call.name - The tool name (trimmed).
 * @param call.cut - True when the output ended inside the call.
 * @param call.tools - The parser's schemas by tool name.
 * @param call.repairs - Receives the repairs made.
 * @param call.readValue - Reads a pair's value where the syntax types it its own way (k2_horizon's
 * typed pairs); default `readGlmValue`.
 * @param call.valueTags - The value's open and close tags as messages and repairs name them
 * (solar_open2's); default glm45's `<arg_value>` and `</arg_value>`.
 * @returns The arguments, and the problems found (none when the arguments were read).
 * @example
 * ```ts
 * readGlmPairs(section.items, { name: 'f', cut: false, tools: undefined, repairs: [] });
 * // { parameters: { city: 'Paris' }, problems: [] }
 * ```
 */
export function readGlmPairs(
  items: readonly (GlmPair | GlmStrayText)[],
  call: {
    name: string;
    cut: boolean;
    tools: FormatContext['tools'];
    repairs: Repair[];
    readValue?: (pair: GlmPair, key: string) => unknown;
    valueTags?: { valueOpen: string; valueClose: string };
  },
): { parameters: Record<string, unknown>; problems: Issue[] } {
  const { name, repairs } = call;
  const { valueOpen, valueClose } = call.valueTags ?? GLM_VALUE_TAGS;
  const parameters: Record<string, unknown> = {};
  const problems: Issue[] = [];
  for (const item of items) {
    match(item)
      .with({ type: 'glm45-stray-text' }, (stray) => {
        if (isBlankStray(stray.text)) return;
        problems.push(malformed(`unexpected text in "${name}"`, stray.start));
      })
      .with({ type: 'glm45-pair' }, (pair) => {
        const key = pair.key.text.trim();
        const value = pair.value;
        if (pair.keyClose === 'cut' || value === null || value.close === 'cut') {
          // Cut off by the end of the output (the call is incomplete), or a key with nothing
          // after it.
          if (!call.cut)
            problems.push(malformed(`"${key}" of "${name}" has no ${valueOpen}`, pair.start));
          return;
        }
        if (key === '' || pair.keyClose === 'missing') {
          problems.push(malformed(`a key of "${name}" is not closed or empty`, pair.start));
          return;
        }
        if (value.close === 'implicit') repairs.push(implied(valueClose, pair.end));
        if (pair.misplacedOpen) {
          repairs.push({
            kind: 'other',
            offset: pair.start,
            detail: `<tool_call> written where the <arg_key> of "${key}" belongs`,
          });
        }
        for (const at of pair.repeated) {
          repairs.push({
            kind: 'other',
            offset: at,
            detail: `</arg_key> written again after "${key}"`,
          });
        }
        if (!value.opened) {
          repairs.push({
            kind: 'other',
            offset: value.start,
            detail: `the <arg_value> tag of "${key}" left out`,
          });
        }
        // A key is data: `__proto__` must become an own property, not the object's prototype.
        setOwn(
          parameters,
          key,
          call.readValue === undefined
            ? readGlmValue(value.text, value.start, name, key, call.tools, repairs)
            : call.readValue(pair, key),
        );
      })
      .exhaustive();
  }
  return { parameters, problems };
}

/** glm45's value tags, as messages name them by default. */
const GLM_VALUE_TAGS = { valueOpen: '<arg_value>', valueClose: '</arg_value>' };

/**
 * Whether stray text between pairs is only blanks and written `\\n`s (GLM-4.7 separators), which
 * is no junk.
 *
 * @param text - The text.
 * @returns True when it is no junk.
 */
export function isBlankStray(text: string): boolean {
  return text.replaceAll('\\n', '').trim() === '';
}
