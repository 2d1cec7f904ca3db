/**
 * The arguments of a call in Gemma's call syntax (`call:NAME{KEY:VALUE,...}`,
 * `grammar/gemma_call.peggy`; gemma4 and functiongemma) as canonical JSON while the model writes
 * them: the text `JSON.stringify` gives of the call's arguments once the grammar has read the
 * block. A quoted string (`<|"|>text<|"|>`, `<escape>text<escape>`) streams unit by unit (such a
 * string is always text, as written); a key, and any other value (a number, a literal, a JSON
 * string, a list, a map, a bare word the tool's schema may type), is read once it ends by the
 * format's grammar and the lowering themselves, from a one-entry call of the same tool.
 *
 * Where the text is not what the grammar reads as a clean call (a key without `:`, a value that
 * does not read as one value, text after a string), the writer stalls: what it sent is still a
 * prefix of what a clean reading gives, and the call is otherwise refused.
 */
import type { GemmaCallBlock } from '../formats/shared/gemma-call-ast.js';
import {
  GemmaValueError,
  lowerGemmaArguments,
  type GemmaCallSyntax,
} from '../formats/shared/gemma-call.js';
import type { FormatContext, ParseLimits } from '../formats/format.js';
import { readWhole } from '../formats/shared/run-grammar.js';
import { isBlank } from '../formats/shared/blanks.js';
import type { CallArgumentsWriter } from './json-writer.js';
import {
  isPlainUnit,
  NOT_A_TAG,
  READING_TAG,
  STALLED,
  TAG_GOES_ON,
  TaggedTextWriter,
  WRITTEN,
} from './tag-text.js';

// What the writer reads.
const BEFORE_KEY = 0; // blanks, then a key or `}` (after `{` or a `,`)
const KEY = 1; // a key's text, up to its `:`
const VALUE_START = 2; // blanks, then the value's first unit
const OPENING = 3; // a `<` at the value's start: a quoted string, or another value
const TEXT = 4; // a quoted string's text, streamed
const RAW = 5; // any other value, kept until it ends
const AFTER_VALUE = 6; // blanks, then `,` or `}`

const CLOSE = 0;

const LESS_THAN = 0x3c;
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;
const COLON = 0x3a;

/**
 * Creates the writer of a Gemma call's arguments, fed the text after its `{`.
 *
 * @param syntax - The format's tokens and grammar.
 * @param tools - The parser's schemas by tool name (bare values are typed by them).
 * @param limits - The parser's limits.
 * @param tool - The call's name.
 * @returns The writer.
 * @example
 * ```ts
 * const writer = createGemmaCallWriter(GEMMA4_SYNTAX, undefined, DEFAULT_LIMITS, 'get_weather');
 * writer.write('city:<|"|>Lon'); // '{"city":"Lon'
 * writer.write('don<|"|>,days:2}'); // 'don","days":2}'
 * ```
 */
export function createGemmaCallWriter(
  syntax: GemmaCallSyntax,
  tools: FormatContext['tools'],
  limits: ParseLimits,
  tool: string,
): CallArgumentsWriter {
  return new GemmaCallWriter(syntax, { text: '', tools, limits }, tool);
}

class GemmaCallWriter extends TaggedTextWriter {
  private parameters = 0;
  // The key's raw text (read by the grammar at its `:`), and the value's raw text while kept.
  private rawKey = '';
  private raw = '';
  // Following a kept text: bracket depth, whether inside a JSON string (and after a `\`), inside
  // a quoted string, and how much of the quote token the last units match.
  private depth = 0;
  private inJson = false;
  private escapeNext = false;
  private inQuote = false;
  private tokenMatched = 0;
  // Where a value or key may start (after `[`, `{`, `,` or `:` and blanks).
  private atStart = true;

  // The quote token, and what ends a quoted string: that token.
  private readonly quote: string;
  private readonly stringTags: readonly (readonly [string, number])[];

  constructor(
    private readonly syntax: GemmaCallSyntax,
    private readonly context: FormatContext,
    private readonly tool: string,
  ) {
    super();
    this.quote = syntax.quote;
    this.stringTags = [[syntax.quote, CLOSE]];
  }

  protected passesThrough(unit: number): boolean {
    return this.mode === TEXT && unit !== LESS_THAN && this.high === '' && isPlainUnit(unit);
  }

  protected read(unit: number, char: string): void {
    switch (this.mode) {
      case BEFORE_KEY:
        if (isBlank(unit)) return;
        if (unit === CLOSE_BRACE) this.end();
        else if (unit === COMMA || unit === COLON) this.mode = STALLED;
        else {
          this.startKept('');
          this.mode = KEY;
          this.keyUnit(unit, char);
        }
        return;
      case KEY:
        this.keyUnit(unit, char);
        return;
      case VALUE_START:
        if (isBlank(unit)) return;
        if (unit === LESS_THAN) {
          this.tag = '<';
          this.mode = OPENING;
          return;
        }
        this.startKept('');
        this.mode = RAW;
        this.rawUnit(unit, char);
        return;
      case OPENING:
        this.opening(unit, char);
        return;
      case TEXT:
        if (unit === LESS_THAN) this.startTag(TEXT);
        else if (!this.flushHigh(unit, char)) this.textUnit(unit, char);
        return;
      case READING_TAG:
        this.tagUnit(char);
        return;
      case RAW:
        this.rawUnit(unit, char);
        return;
      case AFTER_VALUE:
        if (isBlank(unit)) return;
        if (unit === COMMA) this.mode = BEFORE_KEY;
        else if (unit === CLOSE_BRACE) this.end();
        else this.mode = STALLED;
        return;
      default:
    }
  }

  /** One unit of a key: its `:` outside quotes ends it, and its member starts. */
  private keyUnit(unit: number, char: string): void {
    if (this.outside() && unit === COLON) {
      const key = readKey(this.syntax, this.raw, this.tool, this.context.limits);
      if (key === undefined) {
        this.mode = STALLED;
        return;
      }
      this.rawKey = this.raw;
      this.out += `${this.parameters === 0 ? '{' : ','}${JSON.stringify(key)}:`;
      this.parameters += 1;
      this.mode = VALUE_START;
      return;
    }
    // A key with no `:` before the entry ends is no entry the grammar reads.
    if (this.outside() && (unit === COMMA || unit === CLOSE_BRACE)) {
      this.mode = STALLED;
      return;
    }
    this.follow(unit, char);
  }

  /** A `<` at a value's start: the quote token opens a string that streams; anything else is kept. */
  private opening(unit: number, char: string): void {
    this.tag += char;
    if (this.tag === this.quote) {
      this.out += '"';
      this.mode = TEXT;
      this.high = '';
      return;
    }
    if (this.quote.startsWith(this.tag)) return;
    const text = this.tag;
    this.startKept('');
    this.mode = RAW;
    for (let index = 0; index < text.length && this.mode === RAW; index += 1) {
      this.rawUnit(text.charCodeAt(index), text[index] as string);
    }
  }

  /** One more unit of a tag in a quoted string: its closing token, or text after all. */
  private tagUnit(char: string): void {
    const action = this.readTag(char, this.stringTags);
    if (action === TAG_GOES_ON) return;
    if (action !== NOT_A_TAG) {
      this.flushHeldHigh();
      this.out += '"';
      this.mode = AFTER_VALUE;
      return;
    }
    // Text after all: the `<`, then the rest read again (only its last unit may start a tag).
    const tag = this.tag;
    this.textUnit(LESS_THAN, '<');
    for (let index = 1; index < tag.length && this.mode === TEXT; index += 1) {
      this.read(tag.charCodeAt(index), tag[index] as string);
    }
  }

  /** A high surrogate held at a string's end is lone: written escaped. */
  private flushHeldHigh(): void {
    if (this.high === '') return;
    this.flushHigh(-1, '');
  }

  private startKept(text: string): void {
    this.raw = text;
    this.depth = 0;
    this.inJson = false;
    this.escapeNext = false;
    this.inQuote = false;
    this.tokenMatched = 0;
    this.atStart = true;
  }

  /** Whether the kept text is outside any string and bracket. */
  private outside(): boolean {
    return this.depth === 0 && !this.inJson && !this.inQuote;
  }

  /** One unit of a value kept whole: a `,` or `}` outside strings and brackets ends it. */
  private rawUnit(unit: number, char: string): void {
    if (this.outside() && (unit === COMMA || unit === CLOSE_BRACE)) {
      const value = readValue(this.syntax, this.rawKey, this.raw, this.tool, this.context);
      this.raw = '';
      if (value === undefined) {
        this.mode = STALLED;
        return;
      }
      this.out += value;
      this.mode = AFTER_VALUE;
      this.read(unit, char);
      return;
    }
    this.follow(unit, char);
    if (this.depth < 0) this.mode = STALLED;
  }

  /** Keeps a unit of a key or value, following its strings and brackets. */
  private follow(unit: number, char: string): void {
    this.raw += char;
    // The quote token opens and closes a string, wherever it is not inside a JSON string.
    if (!this.inJson) {
      this.tokenMatched =
        unit === this.quote.charCodeAt(this.tokenMatched)
          ? this.tokenMatched + 1
          : unit === LESS_THAN
            ? 1
            : 0;
      if (this.tokenMatched === this.quote.length) {
        this.tokenMatched = 0;
        this.inQuote = !this.inQuote;
        return;
      }
    }
    if (this.inQuote) return;
    if (this.inJson) {
      if (this.escapeNext) this.escapeNext = false;
      else if (unit === 0x5c) this.escapeNext = true;
      else if (unit === 0x22) this.inJson = false;
      return;
    }
    // A JSON string starts only where a value or key does (the grammar's `JsonString`): a quote
    // inside a bare word is part of the word.
    if (unit === 0x22 && this.atStart) {
      this.inJson = true;
      this.tokenMatched = 0;
    } else if (unit === 0x5b || unit === 0x7b) this.depth += 1;
    else if (unit === 0x5d || unit === CLOSE_BRACE) this.depth -= 1;
    this.atStart =
      unit === 0x5b || unit === 0x7b || unit === COMMA || unit === COLON
        ? true
        : this.atStart && isBlank(unit);
  }

  /** The call's `}`: the arguments are whole. */
  private end(): void {
    this.out += this.parameters === 0 ? '{}' : '}';
    this.mode = WRITTEN;
  }
}

/** Reads a one-call block the format's grammar and the lowering read as they read the real one. */
function readProbe(
  syntax: GemmaCallSyntax,
  tool: string,
  entry: string,
  context: FormatContext,
): Record<string, unknown> | undefined {
  const text = `${syntax.open}call:${tool}{${entry}}${syntax.close}`;
  const node = readWhole<GemmaCallBlock & { type: string }>(
    syntax.parse,
    text,
    'Section',
    syntax.grammarOptions,
  );
  if (
    node === undefined ||
    node.type !== syntax.blockType ||
    !node.closed ||
    node.calls.length !== 1
  )
    return undefined;
  const [call] = node.calls;
  if (call === undefined || !call.closed || call.entries.length !== 1) return undefined;
  try {
    return lowerGemmaArguments(call, { ...context, text }, []);
  } catch (error) {
    // Past maxDepth the call is refused as malformed: nothing to write.
    if (error instanceof GemmaValueError) return undefined;
    throw error;
  }
}

/** A key's text as the lowering reads it, or `undefined` when it is none. */
function readKey(
  syntax: GemmaCallSyntax,
  raw: string,
  tool: string,
  limits: ParseLimits,
): string | undefined {
  const read = readProbe(syntax, tool, `${raw}:0`, { text: '', tools: undefined, limits });
  if (read === undefined) return undefined;
  const keys = Object.keys(read);
  return keys.length === 1 ? keys[0] : undefined;
}

/** A value's canonical JSON as the lowering reads it in a call of `tool`, or `undefined`. */
function readValue(
  syntax: GemmaCallSyntax,
  rawKey: string,
  raw: string,
  tool: string,
  context: FormatContext,
): string | undefined {
  const read = readProbe(syntax, tool, `${rawKey}:${raw}`, context);
  if (read === undefined) return undefined;
  const keys = Object.keys(read);
  if (keys.length !== 1) return undefined;
  return JSON.stringify(read[keys[0] as string]);
}
