/**
 * The arguments of a kimi_k3 call (`grammar/kimi_k3.peggy`), fed the text after its call tag:
 * written whole, as canonical JSON, once the call's close tag arrives. A value's type sits in its
 * tag, but a value of any type but `string` is JSON whose end shows only at the argument's close
 * tag, and a later argument may write the same key again; the call is then read by the grammar
 * and the lowering themselves, in a channel of its own.
 *
 * No value, attribute or tag name can hold one of the syntax's tokens, so the first
 * `<|close|>call<|sep|>` (blanks allowed around the name) in the text is the call's close as the
 * grammar reads it. Where the call does not read as one clean call by itself (the channel closed
 * first, another call opened inside it, a part the lowering refuses), the writer stalls having
 * written nothing, and the call comes when its channel is read.
 */
import { parse as parseKimiK3 } from '../generated/kimi_k3.js';
import type { KimiK3Section } from '../formats/kimi_k3/ast.js';
import { CLOSE, lowerKimiK3, SEP, TOOLS_OPEN } from '../formats/kimi_k3/lower.js';
import type { FormatContext, ParseLimits } from '../formats/format.js';
import { skipBlanks } from '../formats/shared/blanks.js';
import { readWhole } from '../formats/shared/run-grammar.js';
import { startsAt } from '../starts-at.js';
import type { CallArgumentsWriter } from './json-writer.js';

const CALL = 'call';
const TOOLS_CLOSE = `${CLOSE}tools${SEP}`;

/**
 * Creates the writer of a kimi_k3 call's arguments.
 *
 * @param tools - The parser's schemas by tool name (values without a type are typed by them).
 * @param limits - The parser's limits.
 * @param openTag - The call tag as written (read again with the arguments, so that the lowering
 * refuses what it would refuse in the channel).
 * @returns The writer.
 * @example
 * ```ts
 * const writer = createKimiK3ArgumentsWriter(undefined, DEFAULT_LIMITS, '<|open|>call tool="f" index="1"<|sep|>');
 * writer.write('<|open|>argument key="n" type="number"<|sep|>2<|close|>argument<|sep|>'); // ''
 * writer.write('<|close|>call<|sep|>'); // '{"n":2}'
 * ```
 */
export function createKimiK3ArgumentsWriter(
  tools: FormatContext['tools'],
  limits: ParseLimits,
  openTag: string,
): CallArgumentsWriter {
  return new KimiK3ArgumentsWriter(tools, limits, openTag);
}

class KimiK3ArgumentsWriter implements CallArgumentsWriter {
  readonly verbatim = false;
  readonly plainKeys = false;
  state: CallArgumentsWriter['state'] = 'open';
  readLength = 0;
  // The text fed so far, and where the search for the close tag goes on (what was searched holds
  // no close tag that can still complete, so a long call is searched once).
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

  /** Where the first call close tag ends in the text fed, or -1 while none is whole. */
  private closeEnd(): number {
    const { raw } = this;
    for (;;) {
      const at = raw.indexOf(CLOSE, this.searchFrom);
      if (at === -1) {
        // A close tag may have begun in the last units.
        this.searchFrom = Math.max(this.searchFrom, raw.length - CLOSE.length + 1);
        return -1;
      }
      const name = skipBlanks(raw, at + CLOSE.length);
      const sep = skipBlanks(raw, name + CALL.length);
      const whole = sep + SEP.length <= raw.length;
      if (whole && startsAt(raw, CALL, name) && startsAt(raw, SEP, sep)) return sep + SEP.length;
      // What is written so far may still become the close tag: wait for more.
      if (!whole && couldBecomeClose(raw, name, sep)) {
        this.searchFrom = at;
        return -1;
      }
      this.searchFrom = at + 1;
    }
  }

  /** Reads the call whole and writes its arguments, or stalls. */
  private finish(call: string): string {
    this.raw = '';
    const text = `${TOOLS_OPEN}${this.openTag}${call}${TOOLS_CLOSE}`;
    const node = readWhole<KimiK3Section>(parseKimiK3, text, 'Section');
    const section =
      node === undefined
        ? undefined
        : lowerKimiK3(node, { text, tools: this.tools, limits: this.limits });
    const read = section?.calls.length === 1 ? section.calls[0] : undefined;
    if (read === undefined || read.malformed !== undefined || !read.complete) {
      this.state = 'stalled';
      return '';
    }
    this.state = 'done';
    return JSON.stringify(read.arguments);
  }
}

/**
 * Whether the text after a `<|close|>` that ends before a whole close tag may still become one:
 * blanks, a prefix of `call` (or all of it), blanks, a prefix of `<|sep|>`.
 */
function couldBecomeClose(raw: string, name: number, sep: number): boolean {
  if (name === raw.length) return true;
  const nameWritten = Math.min(raw.length - name, CALL.length);
  if (!startsAt(raw, CALL.slice(0, nameWritten), name)) return false;
  if (nameWritten < CALL.length) return true;
  return startsAt(raw, SEP.slice(0, raw.length - sep), sep);
}
