/**
 * The arguments of a kimi_k3 call (`grammar/kimi_k3.peggy`) as canonical JSON while the model
 * writes them, fed the text after its call tag: `<|open|>argument key="KEY" type="T"<|sep|>VALUE
 * <|close|>argument<|sep|>` becomes `"KEY":VALUE`, the text `JSON.stringify` gives of the call's
 * arguments once the grammar has read the channel. A value the lowering keeps as text as written
 * (`type="string"`; without a type, no schema or one that takes only text) streams as it is
 * written; any other is written once it ends, read by the lowering's own `readArgumentValue`.
 *
 * A value runs to the next token (`<|open|>`, `<|close|>`, `<|sep|>`), so only a `<` that may
 * begin one is held. Each tag is read whole, to its `<|sep|>`, by the grammar itself. The
 * writer is done at the call's close tag; an argument whose close tag was left out ends at the
 * next argument's tag or at the call's close, as the lowering reads it. Anything else (text
 * between arguments, a tag the call does not hold, a `json` block, a lone token, the call or the
 * channel ending otherwise) stalls the writer: what it sent is the start of the arguments the
 * lowering reads, if it reads the call at all, and the rest comes when the channel is read.
 */
import type { KimiK3Attribute } from '../formats/kimi_k3/ast.js';
import { attributeValue, readArgumentValue } from '../formats/kimi_k3/lower.js';
import { CLOSE, isCloseTag, isOpenTag, OPEN, readTag, SEP } from '../formats/kimi_k3/tag.js';
import type { FormatContext, ParseLimits } from '../formats/format.js';
import { isBlank } from '../formats/shared/blanks.js';
import { repeatedAttribute } from '../formats/shared/issues.js';
import { parameterSchema, takesTextAsWritten } from '../formats/shared/typed-value.js';
import { HEAD_LIMIT } from './call-head.js';
import type { CallArgumentsWriter } from './json-writer.js';
import {
  isPlainUnit,
  READING_TAG,
  STALLED,
  stringText,
  TaggedTextWriter,
  WRITTEN,
} from './tag-text.js';

// What the writer reads.
const BETWEEN = 0; // blanks between arguments, then a tag
const VALUE = 1; // an argument's value

const LESS_THAN = 0x3c;
const TOKENS = [OPEN, CLOSE, SEP];

/**
 * Creates the writer of a kimi_k3 call's arguments.
 *
 * @param tools - The parser's schemas by tool name (values without a type are typed by them).
 * @param limits - The parser's limits (a JSON value's nesting).
 * @param tool - The call's tool.
 * @returns The writer.
 * @example
 * ```ts
 * const writer = createKimiK3ArgumentsWriter(undefined, DEFAULT_LIMITS, 'f');
 * writer.write('<|open|>argument key="city" type="string"<|sep|>Ant'); // '{"city":"Ant'
 * writer.write('werp<|close|>argument<|sep|><|close|>call<|sep|>'); // 'werp"}'
 * ```
 */
export function createKimiK3ArgumentsWriter(
  tools: FormatContext['tools'],
  limits: ParseLimits,
  tool: string,
): CallArgumentsWriter {
  return new KimiK3ArgumentsWriter(tools, limits, tool);
}

class KimiK3ArgumentsWriter extends TaggedTextWriter {
  private written = 0;
  private key = '';
  private type: string | undefined;
  // The value being read: streamed as text, or kept whole until it ends to be read.
  private asText = true;
  private raw = '';

  constructor(
    private readonly tools: FormatContext['tools'],
    private readonly limits: ParseLimits,
    private readonly tool: string,
  ) {
    super();
  }

  protected passesThrough(unit: number): boolean {
    return (
      this.mode === VALUE &&
      this.asText &&
      this.high === '' &&
      unit !== LESS_THAN &&
      isPlainUnit(unit)
    );
  }

  protected read(unit: number, char: string): void {
    switch (this.mode) {
      case BETWEEN:
        if (unit === LESS_THAN) this.startTag(BETWEEN);
        // Stray text: the lowering refuses the call.
        else if (!isBlank(unit)) this.mode = STALLED;
        return;
      case VALUE:
        if (unit === LESS_THAN) this.startTag(VALUE);
        else this.content(unit, char);
        return;
      case READING_TAG:
        this.tagUnit(char);
        return;
      default:
    }
  }

  /** One more unit of text read from a `<`: a token, then a tag up to its `<|sep|>`. */
  private tagUnit(char: string): void {
    const tag = this.tag + char;
    this.tag = tag;
    if (!TOKENS.some((token) => tag.startsWith(token) || token.startsWith(tag))) {
      // Value text after all (a tag begins at a token only); between arguments, stray text.
      this.mode = this.tagFrom;
      if (this.tagFrom === VALUE) this.reread(tag);
      else this.mode = STALLED;
      return;
    }
    if (!tag.endsWith(SEP)) {
      // A tag longer than a head may be is read when the channel is.
      if (tag.length > HEAD_LIMIT) this.mode = STALLED;
      return;
    }
    this.mode = this.tagFrom;
    this.takeTag(tag);
  }

  /** Reads held text again as value text: its `<`, then the rest (a later `<` may begin a token). */
  private reread(tag: string): void {
    this.content(LESS_THAN, '<');
    for (let index = 1; index < tag.length && this.mode === VALUE; index += 1) {
      this.read(tag.charCodeAt(index), tag[index] as string);
    }
  }

  /** A whole tag, read by the grammar as it reads it in the channel. */
  private takeTag(text: string): void {
    const tag = readTag(text);
    if (tag === undefined) {
      // A lone token (and what followed it): the lowering refuses the call.
      this.mode = STALLED;
      return;
    }
    // A tag ends the value before it, whether its close tag or the next argument's (the lowering
    // reads the value the same either way).
    if (this.mode === VALUE) {
      if (isCloseTag(tag, 'argument')) {
        this.endValue();
        this.mode = BETWEEN;
        return;
      }
      if (!isOpenTag(tag, 'argument') && !isCloseTag(tag, 'call')) {
        this.mode = STALLED;
        return;
      }
      this.endValue();
    }
    if (this.mode === STALLED) return;
    if (isOpenTag(tag, 'argument')) this.openArgument(tag.attributes);
    else if (isCloseTag(tag, 'call')) this.end();
    // Another tag: the lowering refuses the call, or ends it otherwise.
    else this.mode = STALLED;
  }

  private openArgument(attributes: readonly KimiK3Attribute[]): void {
    const key = attributeValue(attributes, 'key');
    const keys = attributes.map((item) => item.key);
    // An attribute written twice, or no key: the lowering refuses the call.
    if (key === undefined || key === '' || repeatedAttribute('argument', keys, 0) !== undefined) {
      this.mode = STALLED;
      return;
    }
    this.out += `${this.written === 0 ? '{' : ','}${JSON.stringify(key)}:`;
    this.written += 1;
    this.key = key;
    this.type = attributeValue(attributes, 'type');
    this.asText = this.streamsAsText();
    this.mode = VALUE;
    this.raw = '';
    this.high = '';
    if (this.asText) this.out += '"';
  }

  /** Whether `readArgumentValue` gives the value's text as written. */
  private streamsAsText(): boolean {
    if (this.type !== undefined) return this.type === 'string';
    const schema = parameterSchema(this.tools, this.tool, this.key);
    return schema === undefined || takesTextAsWritten(schema);
  }

  /** One unit of a value's text. */
  private content(unit: number, char: string): void {
    if (!this.asText) this.raw += char;
    else if (!this.flushHigh(unit, char)) this.textUnit(unit, char);
  }

  /** The value ended: what was held is written, or the value read whole and written. */
  private endValue(): void {
    if (this.asText) {
      if (this.high !== '') this.out += stringText(this.high);
      this.high = '';
      this.out += '"';
      return;
    }
    const read = readArgumentValue(
      { key: this.key, type: this.type, text: this.raw, valueStart: 0 },
      { tool: this.tool, tools: this.tools, maxDepth: this.limits.maxDepth, repairs: [] },
    );
    this.raw = '';
    if ('problem' in read) this.mode = STALLED;
    else this.out += JSON.stringify(read.value);
  }

  /** The call closed. */
  private end(): void {
    this.out += this.written === 0 ? '{}' : '}';
    this.mode = WRITTEN;
  }
}
