/**
 * Lowering of kimi_k3 channels: each call of the tools channel becomes a call whose arguments are
 * its argument blocks, typed as their `type` attribute says; `think` becomes reasoning,
 * `response` content, and framing (a close tag alone, the message tag, the stop token) nothing.
 */
import { match } from 'ts-pattern';
import { appendAll } from '../../append.js';
import { parseJson } from '../../json/index.js';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { malformed, repeatedAttribute } from '../shared/issues.js';
import { createRecord, setOwn } from '../shared/own-property.js';
import {
  endCall,
  lowerTagBlock,
  type CallEnding,
  type CallPieceReader,
} from '../shared/tag-block.js';
import { parameterSchema, typeBySchema } from '../shared/typed-value.js';
import { CLOSE, isCloseTag, isOpenTag, SEP, TOOLS_OPEN } from './tag.js';
import type {
  KimiK3Attribute,
  KimiK3Close,
  KimiK3OpenTag,
  KimiK3Part,
  KimiK3Section,
  KimiK3Tools,
} from './ast.js';

/** The stop token that ends the model's turn. */
export const END_OF_MESSAGE = '<|end_of_msg|>';

/**
 * Lowers a kimi_k3 section.
 *
 * @param node - The section's AST.
 * @param context - The output, schemas and limits.
 * @returns The channel's calls, reasoning or content; nothing for framing.
 */
export function lowerKimiK3(node: KimiK3Section, context: FormatContext): Section {
  return match(node)
    .with({ type: 'kimi-k3-tools' }, (tools) => lowerTools(tools, context))
    .with({ type: 'kimi-k3-text-channel' }, (channel) => {
      const section = framed(channel, channel.close, context.text);
      const text = context.text.slice(channel.body.start, channel.body.end);
      if (text !== '') section[channel.channel === 'think' ? 'reasoning' : 'content'] = text;
      return section;
    })
    .with({ type: 'kimi-k3-mark' }, (mark) => {
      const section: Section = {
        start: mark.start,
        end: mark.end,
        calls: [],
        issues: [],
        open: false,
      };
      // The stop token: the rest of the output is not part of the turn.
      if (mark.name === 'end_of_msg') section.endsOutput = true;
      return section;
    })
    .exhaustive();
}

/**
 * An empty section over a channel, saying whether more text could change it: where the output
 * ended inside it, or inside the tag that ended it (`<|close|>thi` may still become its close
 * tag). A tag that ended it and reached its `<|sep|>` is settled.
 */
function framed(
  channel: { start: number; end: number },
  close: KimiK3Close,
  text: string,
): Section {
  const open = close === 'cut' || (close === 'implicit' && text.indexOf(SEP, channel.end) === -1);
  return { start: channel.start, end: channel.end, calls: [], issues: [], open };
}

function lowerTools(tools: KimiK3Tools, context: FormatContext): Section {
  const section = framed(tools, tools.close, context.text);
  const { calls, issues } = lowerTagBlock(tools, {
    format: 'kimi_k3',
    openTag: TOOLS_OPEN,
    closeTag: `${CLOSE}tools${SEP}`,
    noCall: `the ${TOOLS_OPEN} channel holds no call`,
    junk: `unexpected text in the ${TOOLS_OPEN} channel`,
    opensCall: (part): part is KimiK3OpenTag => isOpenTag(part, 'call'),
    closeEnd: (part) => (isCloseTag(part, 'call') ? part.end : undefined),
    isBlank: (part) =>
      part.type === 'kimi-k3-text' && context.text.slice(part.start, part.end).trim() === '',
    readCall: (open) => new CallReader(open, context),
  });
  section.calls = calls;
  section.issues = issues;
  return section;
}

/** The argument being read: as written so far, and where its tag starts. */
interface OpenArgument extends WrittenArgument {
  start: number;
}

/**
 * Reads one call's pieces as they come: argument blocks, or one `json` block holding the whole
 * arguments object (the renderer writes arguments that were not valid JSON so); the first problem
 * is kept to refuse the call with.
 */
class CallReader implements CallPieceReader<KimiK3Part> {
  private readonly name: string | undefined;
  private problem: Issue | undefined;
  private readonly repairs: Repair[] = [];
  private readonly args = createRecord();
  private argument: OpenArgument | undefined;
  /** What the call's body held: argument blocks, a `json` block, or nothing yet. */
  private body: 'arguments' | 'json' | 'empty' = 'empty';

  constructor(
    private readonly open: KimiK3OpenTag,
    private readonly context: FormatContext,
  ) {
    const keys = open.attributes.map((item) => item.key);
    this.problem = repeatedAttribute('call', keys, open.start);
    this.name = callName(open.attributes);
  }

  /** Reads the next piece inside the call. */
  take(part: KimiK3Part): void {
    if (this.problem !== undefined) return;
    const { argument } = this;
    match(part)
      .with({ type: 'kimi-k3-text' }, (text) => {
        const written = this.context.text.slice(text.start, text.end);
        if (argument !== undefined) argument.text += written;
        else if (written.trim() !== '') {
          this.problem = malformed(
            `"${this.name ?? ''}" has text that is not an argument`,
            text.start,
          );
        }
      })
      .with({ type: 'kimi-k3-open' }, (tag) => {
        if (argument !== undefined) {
          // The argument's close tag was left out; its value ended at this token.
          this.repairs.push({
            kind: 'implicit-close-tag',
            offset: tag.start,
            detail: `${CLOSE}${this.body === 'json' ? 'json' : 'argument'}${SEP}`,
          });
          this.settleArgument(argument);
        }
        if (this.problem !== undefined) return;
        if (tag.name === 'argument' || tag.name === 'json') this.openArgument(tag);
        else this.problem = malformed(`a call holds a "${tag.name}" tag`, tag.start);
      })
      .with({ type: 'kimi-k3-close' }, (tag) => {
        const expected = this.body === 'json' ? 'json' : 'argument';
        if (argument === undefined || tag.name !== expected) {
          this.problem = malformed(`a "${tag.name}" close tag closes nothing`, tag.start);
          return;
        }
        this.settleArgument(argument);
      })
      .with({ type: 'kimi-k3-lone-token' }, (token) => {
        this.problem = malformed('a token opens no tag', token.start);
      })
      .exhaustive();
  }

  private openArgument(tag: KimiK3OpenTag): void {
    const twice = repeatedAttribute(
      tag.name,
      tag.attributes.map((item) => item.key),
      tag.start,
    );
    if (twice !== undefined) {
      this.problem = twice;
      return;
    }
    // A json block is the whole body, alone (the renderer writes one in place of the arguments).
    const kind = tag.name === 'json' ? 'json' : 'arguments';
    if (this.body !== 'empty' && (kind === 'json' || this.body === 'json')) {
      this.problem = malformed(`"${this.name ?? ''}" mixes a json block with arguments`, tag.start);
      return;
    }
    this.body = kind;
    const key = kind === 'json' ? 'json' : attributeValue(tag.attributes, 'key');
    if (key === undefined || key === '') {
      this.problem = malformed(`an argument of "${this.name ?? ''}" has no key`, tag.start);
      return;
    }
    this.argument = {
      key,
      type: attributeValue(tag.attributes, 'type'),
      start: tag.start,
      text: '',
      valueStart: tag.end,
    };
  }

  private settleArgument(argument: OpenArgument): void {
    this.argument = undefined;
    if (this.body === 'json') {
      this.readJsonBody(argument);
      return;
    }
    const read = readArgumentValue(argument, {
      tool: this.name ?? '',
      tools: this.context.tools,
      maxDepth: this.context.limits.maxDepth,
      repairs: this.repairs,
    });
    if ('problem' in read) this.problem = read.problem;
    else setOwn(this.args, argument.key, read.value);
  }

  /** A `json` block: the arguments object itself. */
  private readJsonBody(argument: OpenArgument): void {
    const { maxDepth } = this.context.limits;
    const decoded = parseJson(argument.text, { maxDepth, offset: argument.valueStart });
    if (!decoded.ok && decoded.issue.code === 'too-deep') {
      this.problem = tooDeep(maxDepth, argument.valueStart);
      return;
    }
    if (decoded.ok && decoded.value !== null && typeof decoded.value === 'object') {
      if (!Array.isArray(decoded.value) && decoded.complete) {
        appendAll(this.repairs, decoded.repairs);
        for (const [key, value] of Object.entries(decoded.value)) setOwn(this.args, key, value);
        return;
      }
    }
    this.problem = malformed(
      `the json block of "${this.name ?? ''}" is not a JSON object`,
      argument.start,
    );
  }

  /**
   * The call the tag pieces became.
   *
   * @param ending - How the call ended.
   * @param end - Where it ended.
   * @returns The call (refused as `malformed` when it cannot be read), or only an issue when it
   * names no tool.
   */
  finish(ending: CallEnding, end: number): { call?: RawCall; issue?: Issue } {
    const { name, open } = this;
    if (name === undefined) return this.problem === undefined ? {} : { issue: this.problem };
    if (name === '') return { issue: malformed('a call has no tool name', open.start) };
    const span = { start: open.start, end };
    const { argument } = this;
    if (argument !== undefined && this.problem === undefined && ending !== 'cut') {
      // The call ended with an argument still open: its value ended at the call's end.
      this.repairs.push({
        kind: 'implicit-close-tag',
        offset: end,
        detail: `${CLOSE}argument${SEP}`,
      });
      this.settleArgument(argument);
    }
    const read = { name, format: 'kimi_k3' as const, span, repairs: this.repairs, ending };
    return endCall({ ...read, closeTag: `${CLOSE}call${SEP}` }, this.problem, () => this.args);
  }
}

/** An argument as written: its key, its declared type, its text and where that text starts. */
export interface WrittenArgument {
  key: string;
  type: string | undefined;
  text: string;
  valueStart: number;
}

/**
 * An argument's value as its `type` says: `string` is the text as written; any other type is
 * JSON, and text that is not is read as text (with a repair) and typed by the tool's schema.
 * Without a type, the schema types it (with none, it is the text). The stream's writer reads a
 * value it does not stream with it, so that both read the same value.
 *
 * @param argument - The argument as written.
 * @param reading - The call's tool, the parser's schemas and depth limit; repairs go to `repairs`.
 * @param reading.tool - The call's tool.
 * @param reading.tools - The parser's schemas by tool name.
 * @param reading.maxDepth - The parser's depth limit (the arguments object is one level).
 * @param reading.repairs - Repairs made reading the value are pushed here.
 * @returns The value, or the problem refusing the call (JSON nesting past the limit).
 * @example
 * ```ts
 * readArgumentValue({ key: 'n', type: 'number', text: '2', valueStart: 0 }, { tool: 'f', tools: undefined, maxDepth: 64, repairs: [] });
 * // { value: 2 }
 * ```
 */
export function readArgumentValue(
  argument: WrittenArgument,
  reading: {
    tool: string;
    tools: FormatContext['tools'];
    maxDepth: number;
    repairs: Repair[];
  },
): { value: unknown } | { problem: Issue } {
  const { key, type, text, valueStart } = argument;
  const { repairs } = reading;
  if (type === 'string') return { value: text };
  if (type !== undefined) {
    // The value sits one level inside the arguments object.
    const maxDepth = Math.max(0, reading.maxDepth - 1);
    const decoded = parseJson(text, { maxDepth, offset: valueStart });
    if (decoded.ok && decoded.complete) {
      appendAll(repairs, decoded.repairs);
      return { value: decoded.value };
    }
    // Past the depth limit the call is refused, not its value read as text.
    if (!decoded.ok && decoded.issue.code === 'too-deep') {
      return { problem: tooDeep(reading.maxDepth, valueStart) };
    }
    repairs.push({
      kind: 'other',
      offset: valueStart,
      detail: `the ${type} value of "${key}" is not JSON; read as text`,
    });
  }
  const schema = parameterSchema(reading.tools, reading.tool, key);
  if (schema === undefined) return { value: text };
  const typed = typeBySchema(text, schema);
  if (typed.converted)
    repairs.push({ kind: 'schema-typed-value', offset: valueStart, detail: key });
  return { value: typed.value };
}

/** The issue of arguments nesting past the depth limit. */
function tooDeep(maxDepth: number, offset: number): Issue {
  return {
    code: 'too-deep',
    message: `the arguments nest deeper than ${String(maxDepth)} levels`,
    offset,
  };
}

/**
 * The tool a call tag names, its escapes undone: `''` when it names none, `undefined` when it
 * names one twice (which of the two is anyone's guess; the stream's head reader asks the same).
 *
 * @param attributes - The call tag's attributes.
 * @returns The name.
 * @example
 * ```ts
 * callName([{ key: 'tool', value: 'a&amp;b', start: 0 }]); // 'a&b'
 * ```
 */
export function callName(attributes: readonly KimiK3Attribute[]): string | undefined {
  const named = attributes.filter((item) => item.key === 'tool').length;
  return named > 1 ? undefined : (attributeValue(attributes, 'tool') ?? '');
}

/**
 * An attribute's value with the renderer's escapes undone: it writes `&` as `&amp;`, then `"` as
 * `&quot;`, so `&quot;` is read first and `&amp;` last (`&amp;quot;` stays `&quot;`).
 *
 * @param attributes - A tag's attributes.
 * @param key - The attribute's key.
 * @returns Its first value, or `undefined` when the tag has none.
 * @example
 * ```ts
 * attributeValue([{ key: 'key', value: 'a&amp;b', start: 0 }], 'key'); // 'a&b'
 * ```
 */
export function attributeValue(
  attributes: readonly KimiK3Attribute[],
  key: string,
): string | undefined {
  const found = attributes.find((item) => item.key === key);
  return found?.value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}
