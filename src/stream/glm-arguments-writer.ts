/**
 * The arguments of a glm45 call as canonical JSON while the model writes them:
 * `<arg_key>KEY</arg_key><arg_value>VALUE</arg_value>` becomes `"KEY":VALUE`, the text
 * `JSON.stringify` gives of the call's arguments once the grammar has read the section
 * (`grammar/glm45.peggy`, values read by `readGlmValue`). A value is trimmed; one the lowering
 * keeps as text (its schema takes only text, or, without a schema, its first unit cannot open
 * JSON) streams as it is written, its blanks held until text follows them; a schema-less word
 * that may be `true`, `false` or `null` is held while it may, then streams; any other is written
 * once it closes, read exactly as the lowering reads it.
 *
 * Text the grammar reads as a malformed call (junk between pairs, a key not closed or empty, a
 * key with no value) stalls the writer: the call is rejected whatever was sent.
 *
 * hy_v3 writes its pairs the same way, its tags with its block's suffix (`GlmCallTags`): there a
 * call ends at its close tag only, and the writer stalls at a tag that ends it otherwise (the next
 * call's, the block's close), which the stream then reads from the section. solar_open2 writes
 * one token between a key and its value (`GlmCallTags.keyOpensValue`).
 */
import type { FormatContext } from '../formats/format.js';
import { parameterSchema, takesTextAsWritten } from '../formats/shared/typed-value.js';
import { opensJsonValue, readGlmValue } from '../formats/shared/glm-value.js';
import { isBlank } from '../formats/shared/blanks.js';
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

// What the writer reads.
const BETWEEN = 0; // separators between pairs, then a tag
const KEY = 1; // a key, up to `</arg_key>`
const AFTER_KEY = 2; // separators, then `<arg_value>`
const VALUE = 3; // a value, up to `</arg_value>`

// What a tag does.
const KEY_OPEN = 0;
const KEY_CLOSE = 1;
const VALUE_OPEN = 2;
const VALUE_CLOSE = 3;
const END = 4; // the call ends (`</tool_call>`, or the next `<tool_call>`)
const BROKEN = 5; // a tag the grammar reads as a malformed call there

/** A tag and what it does where it is read. */
type TagAction = readonly [string, number];

/** The tags each place stops at (the grammar's `Stray`, `KeyStop`, `Value` and `ValueText`). */
interface TagTables {
  between: readonly TagAction[];
  inKey: readonly TagAction[];
  afterKey: readonly TagAction[];
  inValue: readonly TagAction[];
  /** The key's close tag opens the value (`GlmCallTags.keyOpensValue`). */
  keyOpensValue: boolean;
}

/**
 * The tags of a syntax that writes arguments as GLM does, and where its calls end: glm45's, or
 * hy_v3's, whose tags may carry a suffix and whose calls sit in a block.
 */
export interface GlmCallTags {
  keyOpen: string;
  keyClose: string;
  valueOpen: string;
  valueClose: string;
  callOpen: string;
  callClose: string;
  /**
   * The block's close tag, where the call sits in one (hy_v3's `</tool_calls>`): no key or value
   * runs past it. A call open tag between pairs then ends the call without its close tag, and the
   * writer stalls at either (the section's grammar reads the rest); without a block, a call open
   * tag there ends the call (glm45's next section).
   */
  blockClose?: string;
  /**
   * True where the key's close tag opens its value too (solar_open2's `<|tool_arg:value|>`): the
   * value starts right after it, and `valueOpen` is never looked for.
   */
  keyOpensValue?: boolean;
  /**
   * Other tags of the syntax that no key or value runs past (solar_open2's `<|tool_arg:end|>` in
   * a key, its next `<|tool_arg:start|>` or `<|tool_call:start|>` in a value): the writer stalls
   * there, and the stream reads the rest from the section.
   */
  stops?: readonly string[];
}

/** Builds the tag tables of a syntax's tags. */
function tagTables(tags: GlmCallTags): TagTables {
  const { blockClose } = tags;
  const stops: TagAction[] = blockClose === undefined ? [] : [[blockClose, BROKEN]];
  for (const stop of tags.stops ?? []) stops.push([stop, BROKEN]);
  return {
    between: [
      [tags.keyOpen, KEY_OPEN],
      [tags.callClose, END],
      [tags.callOpen, blockClose === undefined ? END : BROKEN],
    ],
    inKey: [
      [tags.keyClose, KEY_CLOSE],
      [tags.keyOpen, BROKEN],
      [tags.valueOpen, BROKEN],
      [tags.callClose, BROKEN],
      [tags.callOpen, BROKEN],
      ...stops,
    ],
    afterKey: [[tags.valueOpen, VALUE_OPEN]],
    inValue: [[tags.valueClose, VALUE_CLOSE], [tags.callClose, END], ...stops],
    keyOpensValue: tags.keyOpensValue === true,
  };
}

/** glm45's tags. */
const GLM_TAGS: GlmCallTags = {
  keyOpen: '<arg_key>',
  keyClose: '</arg_key>',
  valueOpen: '<arg_value>',
  valueClose: '</arg_value>',
  callOpen: '<tool_call>',
  callClose: '</tool_call>',
};

/** The tables of each syntax's tags, built once per tags object. */
const TABLES = new WeakMap<GlmCallTags, TagTables>();

/** The tables of `tags`. */
function tablesOf(tags: GlmCallTags): TagTables {
  let tables = TABLES.get(tags);
  if (tables === undefined) {
    tables = tagTables(tags);
    TABLES.set(tags, tables);
  }
  return tables;
}

// How a value is written.
const UNDECIDED = 0; // no schema, no text yet: its first unit says whether it may be JSON
const AS_TEXT = 1; // streamed as a string
const WHOLE = 2; // kept until it closes
const LITERAL = 3; // no schema, a word that may still be `true`, `false` or `null`: held

/** The literals a schema-less value is decoded as when it is one of them, trimmed. */
const LITERALS: readonly string[] = ['true', 'false', 'null'];

const LESS_THAN = 0x3c;
const BACKSLASH = 0x5c;

/**
 * Creates the writer of a glm45 call's arguments, fed the text from its first `<arg_key>` on.
 *
 * @param tools - The parser's schemas by tool name (values are typed by them).
 * @param tool - The call's name.
 * @param tags - The syntax's tags (default glm45's); pass the same object for every call.
 * @returns The writer.
 * @example
 * ```ts
 * const writer = createGlmArgumentsWriter(undefined, 'get_weather');
 * writer.write('<arg_key>city</arg_key>\n<arg_value>Par'); // '{"city":"Par'
 * writer.write('is</arg_value>\n</tool_call>'); // 'is"}'
 * ```
 */
export function createGlmArgumentsWriter(
  tools: FormatContext['tools'],
  tool: string,
  tags: GlmCallTags = GLM_TAGS,
): CallArgumentsWriter {
  return new GlmArgumentsWriter(tools, tool, tablesOf(tags));
}

class GlmArgumentsWriter extends TaggedTextWriter {
  // A `\` read between pairs or after a key: only a literal `\n` separator may follow.
  private backslash = false;
  private key = '';
  private pairs = 0;
  private valueMode = AS_TEXT;
  private raw = '';
  // A LITERAL value: its word (from its first unit that is not a blank), and the text held since
  // that unit (the word, then blanks).
  private word = '';
  private held = '';

  constructor(
    private readonly tools: FormatContext['tools'],
    private readonly tool: string,
    private readonly tables: TagTables,
  ) {
    super();
  }

  protected passesThrough(unit: number): boolean {
    return (
      this.mode === VALUE &&
      this.valueMode === AS_TEXT &&
      this.textStarted &&
      this.heldBlanks === '' &&
      this.high === '' &&
      unit !== LESS_THAN &&
      isPlainUnit(unit) &&
      !isTrimmedUnit(unit)
    );
  }

  protected read(unit: number, char: string): void {
    switch (this.mode) {
      case BETWEEN:
      case AFTER_KEY:
        this.separator(unit, char);
        return;
      case READING_TAG:
        this.tagUnit(char);
        return;
      case KEY:
        if (unit === LESS_THAN) this.startTag(KEY);
        else this.key += char;
        return;
      case VALUE:
        if (unit === LESS_THAN) this.startTag(VALUE);
        else this.content(unit, char);
        return;
      default:
    }
  }

  /**
   * Between pairs: blank text or literal `\n` (the grammar's `Stray`, blank once its `\n`s are
   * dropped and it is trimmed). After a key: the `Separator` before `<arg_value>` only.
   */
  private separator(unit: number, char: string): void {
    if (this.backslash) {
      this.backslash = false;
      if (char !== 'n') this.mode = STALLED;
      return;
    }
    if (unit === LESS_THAN) this.startTag(this.mode);
    else if (unit === BACKSLASH) this.backslash = true;
    else if (this.mode === BETWEEN ? !isTrimmedUnit(unit) : !isBlank(unit)) {
      this.mode = STALLED;
    }
  }

  /** One more unit of a tag. */
  private tagUnit(char: string): void {
    const action = this.readTag(char, this.tagsIn(this.tagFrom));
    if (action === TAG_GOES_ON) return;
    if (action !== NOT_A_TAG) {
      this.endTag(action);
      return;
    }
    if (this.mode === BETWEEN || this.mode === AFTER_KEY) {
      // Junk between pairs, or no value after a key: the call is malformed.
      this.mode = STALLED;
      return;
    }
    // Key or value text after all: the `<`, then the rest read again (only its last unit may be
    // a `<` starting another tag: every tag has its `<` first).
    const tag = this.tag;
    if (this.mode === KEY) this.key += '<';
    else this.content(LESS_THAN, '<');
    for (let index = 1; index < tag.length && this.mode === this.tagFrom; index += 1) {
      this.read(tag.charCodeAt(index), tag[index] as string);
    }
  }

  private endTag(action: number): void {
    switch (action) {
      case KEY_OPEN:
        this.mode = KEY;
        this.key = '';
        return;
      case KEY_CLOSE:
        this.key = this.key.trim();
        if (this.key === '') this.mode = STALLED;
        else if (this.tables.keyOpensValue) this.openValue();
        else this.mode = AFTER_KEY;
        return;
      case VALUE_OPEN:
        this.openValue();
        return;
      case VALUE_CLOSE:
        this.closeValue();
        this.mode = BETWEEN;
        return;
      case END:
        if (this.tagFrom === VALUE) this.closeValue();
        this.out += this.pairs === 0 ? '{}' : '}';
        this.mode = WRITTEN;
        return;
      default:
        this.mode = STALLED;
    }
  }

  private openValue(): void {
    const schema = parameterSchema(this.tools, this.tool, this.key);
    this.valueMode =
      schema === undefined ? UNDECIDED : takesTextAsWritten(schema) ? AS_TEXT : WHOLE;
    this.out += `${this.pairs === 0 ? '{' : ','}${JSON.stringify(this.key)}:`;
    if (this.valueMode === AS_TEXT) this.out += '"';
    this.pairs += 1;
    this.mode = VALUE;
    this.raw = '';
    this.heldBlanks = '';
    this.high = '';
    this.textStarted = false;
  }

  /** One unit of a value's text. */
  private content(unit: number, char: string): void {
    if (this.valueMode === UNDECIDED) {
      this.raw += char;
      if (isTrimmedUnit(unit)) return;
      // Without a schema, text that may be JSON is decoded (`3`, `[1]`, `true`): kept whole,
      // or, for a word, while it may still be a literal.
      if (opensJsonValue(unit)) {
        this.valueMode = WHOLE;
        return;
      }
      if (LITERALS.some((literal) => literal.charCodeAt(0) === unit)) {
        this.valueMode = LITERAL;
        this.word = char;
        this.held = char;
        return;
      }
      this.valueMode = AS_TEXT;
      this.out += '"';
    } else if (this.valueMode === WHOLE) {
      this.raw += char;
      return;
    } else if (this.valueMode === LITERAL) {
      this.raw += char;
      if (this.staysLiteral(unit, char)) {
        this.held += char;
        return;
      }
      // Text after all (`nice`, `true story`): written from the word's first unit on.
      this.valueMode = AS_TEXT;
      this.out += '"';
      const held = this.held + char;
      this.held = '';
      for (let index = 0; index < held.length; index += 1) {
        this.content(held.charCodeAt(index), held[index] as string);
      }
      return;
    }
    this.trimmedUnit(unit, char);
  }

  /**
   * Whether a LITERAL value may still be a literal once `unit` is read: its word a literal's
   * first units, or a whole literal followed by blanks only (which the lowering trims).
   */
  private staysLiteral(unit: number, char: string): boolean {
    if (isTrimmedUnit(unit)) return LITERALS.includes(this.word);
    // Text after the word's blanks.
    if (this.held.length !== this.word.length) return false;
    const word = this.word + char;
    if (!LITERALS.some((literal) => literal.startsWith(word))) return false;
    this.word = word;
    return true;
  }

  /** The tags a tag read from `mode` may be. */
  private tagsIn(mode: number): readonly TagAction[] {
    const { tables } = this;
    if (mode === BETWEEN) return tables.between;
    if (mode === KEY) return tables.inKey;
    return mode === AFTER_KEY ? tables.afterKey : tables.inValue;
  }

  /** The value ended: held blanks dropped, or the whole value read as the lowering reads it. */
  private closeValue(): void {
    if (this.valueMode === AS_TEXT) {
      if (this.high !== '') this.out += stringText(this.high);
      this.out += '"';
      return;
    }
    const value = readGlmValue(this.raw, 0, this.tool, this.key, this.tools, []);
    this.out += JSON.stringify(value);
    this.raw = '';
  }
}
