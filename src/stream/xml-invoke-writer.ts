/**
 * The arguments of an invoke element (minimax_m2, step3, the DeepSeek DSML syntaxes:
 * `grammar/xml_invoke.peggy`) as canonical JSON while the model writes them:
 * `<parameter name="KEY">VALUE</parameter>` becomes `"KEY":VALUE`, the text `JSON.stringify`
 * gives of the call's arguments once the grammar has read the section. A value the lowering keeps
 * as text (DSML's `string="true"`; else no schema, or one that takes only text) streams as it is
 * written, trimmed where the format trims; any other is written once it ends, read by the
 * lowering's own `readInvokeValue`.
 *
 * Where a value ends is the grammar's rule: at `</parameter>` only once blanks and a `<` follow
 * it (a close tag followed by text is value text), so the close tag and the blanks after it are
 * held until that `<`. Also held: a `<` that may begin a tag, blanks at either end of a trimmed
 * value, a high surrogate until its pair. Text the grammar reads as a malformed call (stray text
 * between parameters, a parameter with no name or with an attribute written twice, a value
 * without its close tag) stalls the writer: the call is rejected whatever was sent. So does a
 * JSON body instead of parameters, which is sent whole when the section ends.
 */
import type { FormatContext, ParseLimits } from '../formats/format.js';
import {
  attribute,
  CDATA_OPEN,
  readInvokeValue,
  stringAttributeOf,
  tagNames,
  type InvokeSyntax,
} from '../formats/shared/xml-invoke.js';
import { repeatedAttribute } from '../formats/shared/issues.js';
import type { XmlAttribute } from '../formats/shared/xml-invoke-ast.js';
import { parameterSchema, takesTextAsWritten } from '../formats/shared/typed-value.js';
import { isBlank } from '../formats/shared/blanks.js';
import type { CallArgumentsWriter } from './json-writer.js';
import {
  isPlainUnit,
  isTrimmedUnit,
  READING_TAG,
  STALLED,
  stringText,
  TAG_GOES_ON,
  TaggedTextWriter,
  WRITTEN,
} from './tag-text.js';
import { CLOSED, OPENED, STOPPED, XmlTagReader } from './xml-tag.js';

// What the writer reads.
const BETWEEN = 0; // blanks between parameters, then a tag
const VALUE = 1; // a parameter's value
const CLOSING = 2; // `</parameter>` read in a value, then blanks: a `<` next ends the value

const LESS_THAN = 0x3c;

/**
 * Creates the writer of an invoke element's arguments, fed the text after its open tag's `>`.
 *
 * @param tools - The parser's schemas by tool name (values are typed by them).
 * @param limits - The parser's limits (a JSON value's nesting).
 * @param tool - The call's name.
 * @param syntax - The format's invoke syntax.
 * @returns The writer.
 * @example
 * ```ts
 * const syntax = { format: 'minimax_m2', trimValues: true, stringAttribute: false, tagPrefix: '', stops: [] } as const;
 * const writer = createXmlInvokeWriter(undefined, DEFAULT_LIMITS, 'get_weather', syntax);
 * writer.write('\n<parameter name="city">Ant'); // '{"city":"Ant'
 * writer.write('werp</parameter>\n</invoke>'); // 'werp"}'
 * ```
 */
export function createXmlInvokeWriter(
  tools: FormatContext['tools'],
  limits: ParseLimits,
  tool: string,
  syntax: InvokeSyntax,
): CallArgumentsWriter {
  return new XmlInvokeWriter(tools, limits, tool, syntax);
}

class XmlInvokeWriter extends TaggedTextWriter {
  private readonly reader: XmlTagReader;
  // The parameter element's tag names, with the syntax's prefix (and its other spelling).
  private readonly parameterTags: readonly string[];
  private parameters = 0;
  private key = '';
  private attributes: readonly XmlAttribute[] = [];
  // The value being read: streamed as text, or kept whole until it ends to be read.
  private asText = true;
  private raw = '';
  // A text value's first units while they may open a CDATA section (`undefined`: they cannot any
  // more). A value that is one CDATA section is what it holds (`readInvokeValue`), so once one
  // opens, the value is kept whole and read at its end like any other; its opening quote is sent.
  private cdataProbe: string | undefined;
  private quoteSent = false;

  constructor(
    private readonly tools: FormatContext['tools'],
    private readonly limits: ParseLimits,
    private readonly tool: string,
    private readonly syntax: InvokeSyntax,
  ) {
    super();
    this.parameterTags = tagNames(syntax, 'parameter');
    this.reader = new XmlTagReader(
      this.parameterTags,
      [...this.parameterTags, ...tagNames(syntax, 'invoke')],
      syntax.stops,
    );
  }

  protected passesThrough(unit: number): boolean {
    return (
      this.mode === VALUE &&
      this.asText &&
      this.cdataProbe === undefined &&
      this.textStarted &&
      this.heldBlanks === '' &&
      this.high === '' &&
      unit !== LESS_THAN &&
      isPlainUnit(unit) &&
      !(this.syntax.trimValues && isTrimmedUnit(unit))
    );
  }

  protected read(unit: number, char: string): void {
    switch (this.mode) {
      case BETWEEN:
        if (unit === LESS_THAN) this.openTag(BETWEEN);
        // Stray text, or a JSON body (sent whole at the section's end): the writer stops here.
        else if (!isBlank(unit)) this.mode = STALLED;
        return;
      case VALUE:
        if (unit === LESS_THAN) this.openTag(VALUE);
        else this.content(unit, char);
        return;
      case CLOSING:
        this.tag += char;
        if (unit === LESS_THAN) {
          // `</parameter>`, blanks, then a tag: the value ended at its close tag.
          this.endValue();
          this.openTag(BETWEEN);
        } else if (!isBlank(unit)) {
          // Text after the close tag: the tag and the blanks were value text.
          this.mode = VALUE;
          this.reread();
        }
        return;
      case READING_TAG:
        this.tagUnit(unit, char);
        return;
      default:
    }
  }

  private openTag(from: number): void {
    this.startTag(from);
    this.reader.start();
  }

  /** One more unit of a tag started in BETWEEN or VALUE. */
  private tagUnit(unit: number, char: string): void {
    this.tag += char;
    const read = this.reader.read(unit, char);
    if (read === TAG_GOES_ON) return;
    const from = this.tagFrom;
    this.mode = from;
    const parameter = this.parameterTags.includes(this.reader.name);
    if (from === BETWEEN) {
      if (read === OPENED) this.openParameter(this.reader.attributes);
      else if ((read === CLOSED && !parameter) || read === STOPPED) this.end();
      // Stray text: a tag that is not a parameter, or a close tag with no value open.
      else this.mode = STALLED;
      return;
    }
    if (read === CLOSED && parameter) {
      this.mode = CLOSING;
      return;
    }
    // A parameter, the invoke's end or a stop before the value's close tag: the call is malformed.
    if (read === OPENED || read === CLOSED || read === STOPPED) {
      this.mode = STALLED;
      return;
    }
    // Value text after all.
    this.reread();
  }

  /**
   * Reads the held tag again as value text: its `<`, then the rest (only its last unit may be a
   * `<` starting another tag, since a tag's text holds no `<` after its first).
   */
  private reread(): void {
    const tag = this.tag;
    this.content(LESS_THAN, '<');
    for (let index = 1; index < tag.length && this.mode === VALUE; index += 1) {
      this.read(tag.charCodeAt(index), tag[index] as string);
    }
  }

  private openParameter(attributes: readonly XmlAttribute[]): void {
    const keys = attributes.map((item) => item.key);
    const key = attribute(attributes, 'name')?.trim() ?? '';
    // An attribute written twice, or no name: the lowering refuses the call.
    if (key === '' || repeatedAttribute('parameter', keys, 0) !== undefined) {
      this.mode = STALLED;
      return;
    }
    this.out += `${this.parameters === 0 ? '{' : ','}${JSON.stringify(key)}:`;
    this.parameters += 1;
    this.key = key;
    this.attributes = attributes;
    this.asText = this.streamsAsText(key, attributes);
    this.mode = VALUE;
    this.raw = '';
    this.heldBlanks = '';
    this.high = '';
    // Text not trimmed starts at once: `textStarted` lets its units pass through.
    this.textStarted = !this.syntax.trimValues;
    this.cdataProbe = this.asText ? '' : undefined;
    this.quoteSent = this.asText;
    if (this.asText) this.out += '"';
  }

  /** Whether `readInvokeValue` gives the value's text as written (trimmed where it trims). */
  private streamsAsText(key: string, attributes: readonly XmlAttribute[]): boolean {
    const string = stringAttributeOf(attributes, this.syntax);
    if (string === 'true') return true;
    if (string === 'false') return false;
    const schema = parameterSchema(this.tools, this.tool, key);
    // Without a schema, a syntax that reads JSON values reads the value once it ends.
    if (schema === undefined) return this.syntax.jsonValues !== true;
    return takesTextAsWritten(schema);
  }

  /** One unit of a value's text. */
  private content(unit: number, char: string): void {
    if (!this.asText) {
      this.raw += char;
      return;
    }
    if (this.cdataProbe !== undefined && this.probeCdata(unit, char)) return;
    if (this.syntax.trimValues) this.trimmedUnit(unit, char);
    else if (!this.flushHigh(unit, char)) this.textUnit(unit, char);
  }

  /**
   * Holds a text value's first units while they spell the start of `<![CDATA[` (after the blanks
   * a trimmed value drops): true when the unit is held. At its last unit the value is kept whole
   * from there; at a unit that spells something else the held units are written as text.
   */
  private probeCdata(unit: number, char: string): boolean {
    const probe = this.cdataProbe as string;
    if (probe === '' && this.syntax.trimValues && !this.textStarted && isTrimmedUnit(unit)) {
      return false;
    }
    const next = probe + char;
    if (CDATA_OPEN.startsWith(next)) {
      if (next === CDATA_OPEN) {
        this.cdataProbe = undefined;
        this.asText = false;
        this.raw = next;
      } else {
        this.cdataProbe = next;
      }
      return true;
    }
    this.flushProbe();
    return false;
  }

  /** Writes the units held by `probeCdata` as value text. */
  private flushProbe(): void {
    const held = this.cdataProbe ?? '';
    this.cdataProbe = undefined;
    for (let index = 0; index < held.length; index += 1) {
      this.content(held.charCodeAt(index), held[index] as string);
    }
  }

  /** The value ended at its close tag: what was held is written or dropped. */
  private endValue(): void {
    if (this.asText) {
      this.flushProbe();
      if (this.high !== '') this.out += stringText(this.high);
      this.out += '"';
      return;
    }
    const value = readInvokeValue(
      this.raw,
      { tool: this.tool, key: this.key, attributes: this.attributes, offset: 0 },
      { conventions: this.syntax, tools: this.tools, maxDepth: this.limits.maxDepth },
      [],
    );
    const json = JSON.stringify(value);
    // A CDATA value of a text parameter: its quote went out when the value opened.
    this.out += this.quoteSent ? json.slice(1) : json;
    this.raw = '';
  }

  /** The invoke ended (its close tag, or a stop: the lowering adds the missing close tag). */
  private end(): void {
    this.out += this.parameters === 0 ? '{}' : '}';
    this.mode = WRITTEN;
  }
}
