/**
 * The arguments of a `<function=NAME>` call (qwen3_coder, seed_oss: `grammar/xml_function.peggy`)
 * as canonical JSON while the model writes them: `<parameter=KEY>VALUE</parameter>` becomes
 * `"KEY":"VALUE"`, the same text `JSON.stringify` gives of the call's arguments once the grammar
 * has read the section. A value the lowering keeps as text (no schema, or one that takes only
 * text) streams as it is written; a value the schema types (a number, an object...) is written
 * once its parameter closes, typed as the lowering types it.
 *
 * What is held back, since the grammar may still read it otherwise: a `<` that may begin a tag
 * ending the value; a newline that may be the layout newline before `</parameter>` (`own-lines`
 * drops one); a value's first newline until it is known to be that layout newline; a high
 * surrogate until its pair. Text the grammar reads as a malformed call (junk between parameters,
 * a parameter without a name) stalls the writer: the call is rejected whatever was sent.
 */
import type { FormatContext } from '../formats/format.js';
import { readParameterValue, type XmlValueLayout } from '../formats/shared/xml-function.js';
import { parameterSchema, takesTextAsWritten } from '../formats/shared/typed-value.js';
import type { CallArgumentsWriter } from './json-writer.js';
import {
  isPlainUnit,
  isTrimmedUnit,
  NOT_A_TAG,
  READING_TAG,
  STALLED,
  stringText,
  TAG_GOES_ON,
  TaggedTextWriter,
  WRITTEN,
} from './tag-text.js';
import { xmlTagName } from '../formats/shared/xml-tag-name.js';

// What the writer reads.
const BETWEEN = 0; // blanks between parameters, then a tag
const KEY = 1; // the key of `<parameter=`, up to `>`
const VALUE = 2; // a parameter's value

// What a tag does.
const OPEN = 0; // `<parameter=`: a parameter starts (closing the value before it)
const CLOSE = 1; // `</parameter>`: the value ends
const END = 2; // the function ends (`</function>`, or a tag that implies it)

/** Tags that may follow a parameter, and what each does (the grammar's `StrayStop`). */
const BETWEEN_TAGS: readonly (readonly [string, number])[] = [
  ['<parameter=', OPEN],
  ['</function>', END],
  ['<function=', END],
  ['</tool_call>', END],
  ['</seed:tool_call>', END],
  ['<tool_call>', END],
  ['<seed:tool_call>', END],
];

/** Tags that end a value, and what each does (the grammar's `ValueStop`). */
const VALUE_TAGS: readonly (readonly [string, number])[] = [
  ['</parameter>', CLOSE],
  ['<parameter=', OPEN],
  ['</function>', END],
  ['<function=', END],
  ['</tool_call>', END],
  ['</seed:tool_call>', END],
];

const LF = 0x0a;
const CR = 0x0d;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;

/**
 * Creates the writer of a `<function=NAME>` call's arguments, fed the text after `>`.
 *
 * @param tools - The parser's schemas by tool name (values are typed by them).
 * @param tool - The call's name.
 * @param layout - How the syntax writes values between the tags.
 * @returns The writer.
 * @example
 * ```ts
 * const writer = createXmlFunctionWriter(undefined, 'get_weather', 'own-lines');
 * writer.write('\n<parameter=city>\nAnt'); // '{"city":"Ant'
 * writer.write('werp\n</parameter>\n</function>'); // 'werp"}'
 * ```
 */
export function createXmlFunctionWriter(
  tools: FormatContext['tools'],
  tool: string,
  layout: XmlValueLayout,
): CallArgumentsWriter {
  return new XmlFunctionWriter(tools, tool, layout);
}

class XmlFunctionWriter extends TaggedTextWriter {
  private key = '';
  private parameters = 0;
  // The value being read: streamed as text, or kept whole until it ends to be typed.
  private asText = true;
  private raw = '';
  // Streamed values: how far the layout newline at the start is known (0 nothing read, 1 a CR
  // read, 2 known), and the newline held at the end (`''`, CR, LF or CRLF).
  private lead = 0;
  private trailing = '';

  constructor(
    private readonly tools: FormatContext['tools'],
    private readonly tool: string,
    private readonly layout: XmlValueLayout,
  ) {
    super();
  }

  protected passesThrough(unit: number): boolean {
    return (
      this.mode === VALUE &&
      this.asText &&
      unit !== LESS_THAN &&
      isPlainUnit(unit) &&
      this.trailing === '' &&
      this.high === '' &&
      this.lead === 2
    );
  }

  protected read(unit: number, char: string): void {
    switch (this.mode) {
      case BETWEEN:
        if (unit === LESS_THAN) this.startTag(BETWEEN);
        // Text between parameters other than blank space makes the call malformed.
        else if (!isTrimmedUnit(unit)) this.mode = STALLED;
        return;
      case READING_TAG:
        this.tagUnit(char);
        return;
      case KEY:
        this.readKey(unit, char);
        return;
      case VALUE:
        if (unit === LESS_THAN) this.startTag(VALUE);
        else this.content(unit, char);
        return;
      default:
    }
  }

  /** One more unit of a tag started in BETWEEN or VALUE. */
  private tagUnit(char: string): void {
    const action = this.readTag(char, this.tagFrom === VALUE ? VALUE_TAGS : BETWEEN_TAGS);
    if (action === TAG_GOES_ON) return;
    if (action !== NOT_A_TAG) {
      this.endTag(action);
      return;
    }
    if (this.tagFrom === BETWEEN) {
      // Not a tag the grammar stops at: junk between parameters.
      this.mode = STALLED;
      return;
    }
    // Value text after all: the `<`, then the rest read again (only its last unit may be a `<`
    // starting another tag: every tag has its `<` first).
    const tag = this.tag;
    this.content(LESS_THAN, '<');
    for (let index = 1; index < tag.length && this.mode === VALUE; index += 1) {
      this.read(tag.charCodeAt(index), tag[index] as string);
    }
  }

  private endTag(action: number): void {
    if (this.tagFrom === VALUE) this.endValue();
    if (action === OPEN) {
      this.mode = KEY;
      this.key = '';
    } else if (action === CLOSE) {
      this.mode = BETWEEN;
    } else {
      this.out += this.parameters === 0 ? '{}' : '}';
      this.mode = WRITTEN;
    }
  }

  private readKey(unit: number, char: string): void {
    if (unit === LF || unit === LESS_THAN) {
      // `<parameter=` without its `>`: the call is malformed.
      this.mode = STALLED;
      return;
    }
    if (unit !== GREATER_THAN) {
      this.key += char;
      return;
    }
    const key = xmlTagName(this.key);
    if (key === '') {
      this.mode = STALLED;
      return;
    }
    const schema = parameterSchema(this.tools, this.tool, key);
    this.asText = schema === undefined || takesTextAsWritten(schema);
    this.out += `${this.parameters === 0 ? '{' : ','}${JSON.stringify(key)}:`;
    this.parameters += 1;
    this.key = key;
    this.mode = VALUE;
    this.raw = '';
    this.lead = this.layout === 'own-lines' ? 0 : 2;
    this.trailing = '';
    this.high = '';
    if (this.asText) this.out += '"';
  }

  /** One unit of a value's text. */
  private content(unit: number, char: string): void {
    if (!this.asText) {
      this.raw += char;
      return;
    }
    if (this.lead < 2) {
      // `own-lines`: one newline right after `>` is layout, not text.
      if (this.lead === 0) {
        if (unit === LF) {
          this.lead = 2;
          return;
        }
        if (unit === CR) {
          this.lead = 1;
          return;
        }
        this.lead = 2;
      } else {
        this.lead = 2;
        if (unit === LF) return;
        this.text('\r');
      }
    }
    if (this.flushHigh(unit, char)) return;
    if (this.layout === 'own-lines') {
      // One newline before the closing tag is layout too: a newline waits for what follows it.
      if (unit === CR) {
        this.flushTrailing();
        this.trailing = '\r';
        return;
      }
      if (unit === LF) {
        if (this.trailing === '\r') this.trailing = '\r\n';
        else {
          this.flushTrailing();
          this.trailing = '\n';
        }
        return;
      }
      this.flushTrailing();
    }
    this.textUnit(unit, char);
  }

  private flushTrailing(): void {
    if (this.trailing === '') return;
    this.text(this.trailing);
    this.trailing = '';
  }

  /** Writes value text, escaped as `JSON.stringify` escapes it. */
  private text(value: string): void {
    this.out += stringText(value);
  }

  /** The value ended at a tag: what was held is written or dropped, or the typed value written. */
  private endValue(): void {
    if (!this.asText) {
      const schema = parameterSchema(this.tools, this.tool, this.key);
      this.out += JSON.stringify(readParameterValue(this.raw, this.layout, schema).value);
      this.raw = '';
      return;
    }
    // A CR read first and nothing after it is text; a newline at the end is layout (a CR alone
    // is not a newline the layout drops).
    if (this.lead === 1) this.text('\r');
    if (this.high !== '') this.text(this.high);
    if (this.trailing === '\r') this.text('\r');
    this.out += '"';
  }
}
