/**
 * Lowering of minimax_m3 blocks: each invoke becomes a call whose arguments are its elements,
 * nested as the template writes them (an element of elements is an object, one of `<item>`
 * elements a list, one of text a scalar typed by the tool's schema); a `<mm:think>` block
 * becomes reasoning.
 */
import { match } from 'ts-pattern';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { isPlainObject } from '../shared/call-object.js';
import { malformed, repeatedAttribute } from '../shared/issues.js';
import { createRecord, setOwn } from '../shared/own-property.js';
import {
  endCall,
  lowerTagBlock,
  type CallEnding,
  type CallPieceReader,
} from '../shared/tag-block.js';
import { allowsType, typeBySchema } from '../shared/typed-value.js';
import { invokeName } from '../shared/xml-invoke.js';
import type {
  MinimaxM3InvokeOpen,
  MinimaxM3Node,
  MinimaxM3Part,
  MinimaxM3ToolSection,
} from './ast.js';

/** The namespace token that starts every tag of a call block (one special token). */
export const NAMESPACE = ']<]minimax[>[';
/** What opens a call block. */
export const TOOL_CALL_OPEN = `${NAMESPACE}<tool_call>`;
/** What closes a call block. */
export const TOOL_CALL_CLOSE = `${NAMESPACE}</tool_call>`;
/** What opens a reasoning block. */
export const THINK_OPEN = '<mm:think>';
/** What closes a reasoning block. */
export const THINK_CLOSE = '</mm:think>';

const INVOKE_CLOSE = `${NAMESPACE}</invoke>`;

/**
 * Lowers a minimax_m3 section.
 *
 * @param node - The section's AST.
 * @param context - The output, schemas and limits.
 * @returns The block's calls, or the reasoning block's text.
 */
export function lowerMinimaxM3(node: MinimaxM3Node, context: FormatContext): Section {
  return match(node)
    .with({ type: 'minimax-m3-tool-section' }, (section) => lowerToolSection(section, context))
    .with({ type: 'minimax-m3-think' }, (think) => {
      const section: Section = { start: think.start, end: think.end, calls: [], issues: [] };
      if (think.text.text !== '') section.reasoning = think.text.text;
      return section;
    })
    .exhaustive();
}

function lowerToolSection(section: MinimaxM3ToolSection, context: FormatContext): Section {
  const { calls, issues } = lowerTagBlock(section, {
    format: 'minimax_m3',
    openTag: TOOL_CALL_OPEN,
    closeTag: TOOL_CALL_CLOSE,
    noCall: `the ${TOOL_CALL_OPEN} block holds no <invoke>`,
    junk: `unexpected text in ${TOOL_CALL_OPEN}`,
    opensCall: (part): part is MinimaxM3InvokeOpen => part.type === 'minimax-m3-invoke-open',
    closeEnd: (part) => (part.type === 'minimax-m3-invoke-close' ? part.end : undefined),
    isBlank: (part) =>
      part.type === 'minimax-m3-text' && context.text.slice(part.start, part.end).trim() === '',
    readCall: (open) => new InvokeReader(open, context),
  });
  return { start: section.start, end: section.end, calls, issues };
}

type Schema = Record<string, unknown>;

/** An element being read: its name, its schema (when known), its text and its children. */
interface Frame {
  name: string;
  start: number;
  schema: Schema | undefined;
  /** The text written directly inside it (only blanks may sit between its elements). */
  text: string;
  children: { name: string; value: unknown; start: number }[];
}

/**
 * Reads one invoke's pieces as they come: a stack of open elements, each closed element turned
 * into its value at once (so nesting costs no recursion), the first problem kept to refuse the
 * call with.
 */
class InvokeReader implements CallPieceReader<Exclude<MinimaxM3Part, MinimaxM3InvokeOpen>> {
  private readonly name: string | undefined;
  private problem: Issue | undefined;
  private readonly repairs: Repair[] = [];
  private readonly root: Frame;
  private readonly stack: Frame[];
  /**
   * A value begun after a namespace token that opened no tag: the model left the element's open
   * tag out, and its close tag will name it.
   */
  private elided: { start: number; text: string } | undefined;

  constructor(
    private readonly open: MinimaxM3InvokeOpen,
    private readonly context: FormatContext,
  ) {
    const keys = open.attributes.map((item) => item.key);
    this.problem = repeatedAttribute('invoke', keys, open.start);
    this.name = invokeName(open.attributes);
    const tool = this.name === undefined ? undefined : context.tools?.get(this.name);
    this.root = { name: '', start: open.start, schema: tool?.parameters, text: '', children: [] };
    this.stack = [this.root];
    if (open.headless) this.repairs.push(headlessRepair('invoke', open.start));
  }

  /** Reads the next piece inside the invoke. */
  take(part: Exclude<MinimaxM3Part, MinimaxM3InvokeOpen>): void {
    if (this.problem !== undefined) return;
    if (this.elided !== undefined) {
      this.takeElided(part, this.elided);
      return;
    }
    const top = this.stack[this.stack.length - 1] as Frame;
    match(part)
      .with({ type: 'minimax-m3-element-open' }, (element) => {
        // The arguments object is one level; each element holding elements another.
        if (this.stack.length >= this.context.limits.maxDepth) {
          this.problem = {
            code: 'too-deep',
            message: `the arguments nest deeper than ${String(this.context.limits.maxDepth)} levels`,
            offset: element.start,
          };
          return;
        }
        if (element.headless) this.repairs.push(headlessRepair(element.name, element.start));
        this.stack.push({
          name: element.name,
          start: element.start,
          schema: memberSchema(top.schema, element.name),
          text: '',
          children: [],
        });
      })
      .with({ type: 'minimax-m3-element-close' }, (close) => {
        if (top === this.root) {
          this.problem = malformed(`</${close.name}> closes no element`, close.start);
        } else if (close.name !== top.name) {
          this.problem = malformed(`<${top.name}> is closed by </${close.name}>`, close.start);
        } else {
          this.stack.pop();
          const value = this.valueOf(top);
          if (this.problem !== undefined) return;
          const parent = this.stack[this.stack.length - 1] as Frame;
          parent.children.push({ name: top.name, value, start: top.start });
        }
      })
      .with({ type: 'minimax-m3-text' }, (text) => {
        const written = this.context.text.slice(text.start, text.end);
        if (top === this.root && written.trim() !== '') {
          this.problem = malformed(
            `"${this.name ?? ''}" has text that is not an argument`,
            text.start,
          );
        }
        top.text += written;
      })
      .with({ type: 'minimax-m3-lone-token' }, (token) => {
        // Where an element may start (blanks only written in this one so far), a value whose
        // open tag was left out: deployed MiniMax-M3 checkpoints write a call's first argument
        // so (`]<]minimax[>[offerta.docx]<]minimax[>[</filename>`).
        if (top.text.trim() === '') this.elided = { start: token.start, text: '' };
        else this.problem = lonelyToken(token.start);
      })
      .with({ type: 'minimax-m3-invoke-close' }, () => {
        // The block reader ends the invoke at its close tag; never handed here.
      })
      .exhaustive();
  }

  /** Reads a piece after a namespace token that opened no tag: the value, then its close tag. */
  private takeElided(
    part: Exclude<MinimaxM3Part, MinimaxM3InvokeOpen>,
    elided: { start: number; text: string },
  ): void {
    const top = this.stack[this.stack.length - 1] as Frame;
    if (part.type === 'minimax-m3-text') {
      elided.text += this.context.text.slice(part.start, part.end);
      return;
    }
    this.elided = undefined;
    if (part.type !== 'minimax-m3-element-close') {
      this.problem = lonelyToken(elided.start);
      return;
    }
    if (top !== this.root && part.name === top.name && top.children.length === 0) {
      // `<k>` token, value, `</k>`: a token written before the element's own value.
      top.text += elided.text;
      this.repairs.push({
        kind: 'other',
        offset: elided.start,
        detail: `a namespace token before the value of <${top.name}>`,
      });
      this.take(part);
      return;
    }
    const frame: Frame = {
      name: part.name,
      start: elided.start,
      schema: memberSchema(top.schema, part.name),
      text: elided.text,
      children: [],
    };
    this.repairs.push({
      kind: 'other',
      offset: elided.start,
      detail: `the open tag of <${part.name}> was left out`,
    });
    top.children.push({ name: part.name, value: this.valueOf(frame), start: elided.start });
  }

  /**
   * The call the invoke became.
   *
   * @param ending - How the invoke ended.
   * @param end - Where it ended.
   * @returns The call (refused as `malformed` when it cannot be read), or only an issue when it
   * names no tool.
   */
  finish(ending: CallEnding, end: number): { call?: RawCall; issue?: Issue } {
    const { name, open } = this;
    // Written twice, the name is anyone's guess: only the issue (the constructor found it).
    if (name === undefined) return this.problem === undefined ? {} : { issue: this.problem };
    if (name === '') return { issue: malformed('an invoke has no tool name', open.start) };
    const span = { start: open.start, end };
    const unclosed =
      this.stack.length > 1 ? (this.stack[this.stack.length - 1] as Frame) : undefined;
    if (this.problem === undefined && ending !== 'cut') {
      if (this.elided !== undefined) this.problem = lonelyToken(this.elided.start);
      else if (unclosed !== undefined) {
        this.problem = malformed(`<${unclosed.name}> has no close tag`, unclosed.start);
      }
    }
    const read = { name, format: 'minimax_m3' as const, span, repairs: this.repairs, ending };
    return endCall({ ...read, closeTag: INVOKE_CLOSE }, this.problem, () =>
      this.objectOf(this.root, true),
    );
  }

  /** The value of a closed element: its typed text, or the list or object its elements make. */
  private valueOf(frame: Frame): unknown {
    if (frame.children.length === 0) return this.scalarOf(frame);
    if (frame.text.trim() !== '') {
      this.problem = malformed(`<${frame.name}> mixes text with elements`, frame.start);
      return undefined;
    }
    return isList(frame) ? frame.children.map((child) => child.value) : this.objectOf(frame, false);
  }

  /** Text typed by the element's schema; with none it stays text, as written. */
  private scalarOf(frame: Frame): unknown {
    const { schema, text } = frame;
    if (schema === undefined) return text;
    const typed = typeBySchema(text, schema);
    if (typed.converted) {
      this.repairs.push({ kind: 'schema-typed-value', offset: frame.start, detail: frame.name });
      return typed.value;
    }
    // An empty list or object is an element with nothing inside.
    if (text.trim() === '' && !allowsType(schema, 'string')) {
      for (const empty of ['array', 'object'] as const) {
        if (!allowsType(schema, empty)) continue;
        this.repairs.push({ kind: 'schema-typed-value', offset: frame.start, detail: frame.name });
        return empty === 'array' ? [] : createRecord();
      }
    }
    return text;
  }

  /**
   * The object of an element's children. A name written more than once is read as the list of
   * its values (the template writes a list as `<item>` elements, but models also repeat the
   * member), recording the repair.
   */
  private objectOf(frame: Frame, isArguments: boolean): Record<string, unknown> {
    const object = createRecord();
    const counts = new Map<string, number>();
    for (const child of frame.children) counts.set(child.name, (counts.get(child.name) ?? 0) + 1);
    for (const child of frame.children) {
      if ((counts.get(child.name) ?? 1) === 1) {
        setOwn(object, child.name, child.value);
        continue;
      }
      const list = Object.hasOwn(object, child.name) ? object[child.name] : undefined;
      if (Array.isArray(list)) {
        list.push(child.value);
        continue;
      }
      setOwn(object, child.name, [child.value]);
      this.repairs.push({
        kind: 'other',
        offset: child.start,
        detail: `${isArguments ? 'argument' : 'member'} "${child.name}" written ${String(counts.get(child.name))} times, read as a list`,
      });
    }
    return object;
  }
}

/** The issue of a namespace token followed by neither a tag nor a value with its close tag. */
function lonelyToken(offset: number): Issue {
  return malformed('a namespace token opens no tag', offset);
}

/** The repair of an open tag written without its `<` after the namespace token. */
function headlessRepair(tag: string, offset: number): Repair {
  return { kind: 'other', offset, detail: `the <${tag}> tag was written without its "<"` };
}

/** A list: every child is an `<item>`, unless the schema says the element is an object. */
function isList(frame: Frame): boolean {
  if (!frame.children.every((child) => child.name === 'item')) return false;
  const { schema } = frame;
  if (schema === undefined) return true;
  return allowsType(schema, 'array') || !allowsType(schema, 'object');
}

/**
 * The schema of a member (or item) of an element with the given schema: its property, its
 * `additionalProperties`, or, for an `<item>`, its `items`; looking through `anyOf` and `oneOf`.
 */
function memberSchema(schema: Schema | undefined, name: string, depth = 0): Schema | undefined {
  if (schema === undefined || depth > 8) return undefined;
  const properties = schema['properties'];
  if (isPlainObject(properties) && Object.hasOwn(properties, name)) {
    const property = properties[name];
    return isPlainObject(property) ? property : undefined;
  }
  if (name === 'item' && isPlainObject(schema['items'])) return schema['items'];
  if (isPlainObject(schema['additionalProperties'])) return schema['additionalProperties'];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    for (const member of members) {
      const found = isPlainObject(member) ? memberSchema(member, name, depth + 1) : undefined;
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
