/**
 * The arguments of a minimax_m3 call (`grammar/minimax_m3.peggy`), fed the text after its invoke
 * tag: written whole, as canonical JSON, once the invoke's close tag arrives. Whether an element
 * is an object, a list or typed text shows only at its close tag (an object's members may repeat,
 * a schema may type an `<item>` list as an object), so nothing is certain before; the invoke is
 * then read by the grammar and the lowering themselves, in a block of its own.
 *
 * Every tag of the syntax starts with the namespace token, and no value, attribute or tag name
 * can hold the token: the first `]<]minimax[>[</invoke>` (blanks allowed before its `>`) in the
 * text is the invoke's close as the grammar reads it. Where the invoke does not read as one clean
 * call by itself (the block closed first, another invoke opened inside it, a part the lowering
 * refuses), the writer stalls having written nothing, and the call comes when its block is read.
 */
import { parse as parseMinimaxM3 } from '../generated/minimax_m3.js';
import type { MinimaxM3Node } from '../formats/minimax_m3/ast.js';
import {
  lowerMinimaxM3,
  NAMESPACE,
  TOOL_CALL_CLOSE,
  TOOL_CALL_OPEN,
} from '../formats/minimax_m3/lower.js';
import type { FormatContext, ParseLimits } from '../formats/format.js';
import { isBlank } from '../formats/shared/blanks.js';
import { readWhole } from '../formats/shared/run-grammar.js';
import type { CallArgumentsWriter } from './json-writer.js';

const INVOKE_CLOSE = `${NAMESPACE}</invoke`;
const GREATER_THAN = 0x3e;

/**
 * Creates the writer of a minimax_m3 call's arguments.
 *
 * @param tools - The parser's schemas by tool name (values are typed by them).
 * @param limits - The parser's limits.
 * @param openTag - The invoke's open tag as written, namespace token included (read again with
 * the arguments, so that the lowering refuses what it would refuse in the block).
 * @returns The writer.
 * @example
 * ```ts
 * const writer = createMinimaxM3ArgumentsWriter(undefined, DEFAULT_LIMITS, ']<]minimax[>[<invoke name="f">');
 * writer.write(']<]minimax[>[<city>Oslo]<]minimax[>[</city>'); // ''
 * writer.write(']<]minimax[>[</invoke>'); // '{"city":"Oslo"}'
 * ```
 */
export function createMinimaxM3ArgumentsWriter(
  tools: FormatContext['tools'],
  limits: ParseLimits,
  openTag: string,
): CallArgumentsWriter {
  return new MinimaxM3ArgumentsWriter(tools, limits, openTag);
}

class MinimaxM3ArgumentsWriter implements CallArgumentsWriter {
  readonly verbatim = false;
  readonly plainKeys = false;
  state: CallArgumentsWriter['state'] = 'open';
  readLength = 0;
  // The text fed so far, and where the search for the close tag goes on (what was searched holds
  // no close tag that can still complete, so a long invoke is searched once).
  private raw = '';
  private searchFrom = 0;

  constructor(
    private readonly tools: FormatContext['tools'],
    private readonly limits: ParseLimits,
    private readonly openTag: string,
  ) {}

  writeUnit(_unit: number, char: string): string {
    return this.write(char);
  }

  write(text: string): string {
    if (this.state !== 'open') return '';
    const before = this.raw.length;
    this.raw += text;
    const end = this.closeEnd();
    if (end === -1) {
      this.readLength += text.length;
      return '';
    }
    this.readLength += end - before;
    return this.finish(this.raw.slice(0, end));
  }

  /** Where the first invoke close tag ends in the text fed, or -1 while none is whole. */
  private closeEnd(): number {
    const { raw } = this;
    for (;;) {
      const at = raw.indexOf(INVOKE_CLOSE, this.searchFrom);
      if (at === -1) {
        // A close tag may have begun in the last units.
        this.searchFrom = Math.max(this.searchFrom, raw.length - INVOKE_CLOSE.length + 1);
        return -1;
      }
      let index = at + INVOKE_CLOSE.length;
      while (index < raw.length && isBlank(raw.charCodeAt(index))) index += 1;
      if (index === raw.length) {
        // Blanks up to the end: the `>` may still come.
        this.searchFrom = at;
        return -1;
      }
      if (raw.charCodeAt(index) === GREATER_THAN) return index + 1;
      // `</invoke` followed by something else is no close tag of the invoke.
      this.searchFrom = at + 1;
    }
  }

  /** Reads the invoke whole and writes its arguments, or stalls. */
  private finish(invoke: string): string {
    this.raw = '';
    const text = `${TOOL_CALL_OPEN}${this.openTag}${invoke}${TOOL_CALL_CLOSE}`;
    const node = readWhole<MinimaxM3Node>(parseMinimaxM3, text, 'Section');
    const section =
      node === undefined
        ? undefined
        : lowerMinimaxM3(node, { text, tools: this.tools, limits: this.limits });
    const call = section?.calls.length === 1 ? section.calls[0] : undefined;
    if (call === undefined || call.malformed !== undefined || !call.complete) {
      this.state = 'stalled';
      return '';
    }
    this.state = 'done';
    return JSON.stringify(call.arguments);
  }
}
