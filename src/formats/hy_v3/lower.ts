/**
 * Lowering of a hy_v3 block: the block's parts paired into calls by the shared tag-block reader
 * (a call opened inside another closes it, text outside the calls refuses every call by name),
 * each call's pairs read as glm45 reads them (`readGlmPairs`).
 */
import { match } from 'ts-pattern';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import type { GlmPair, GlmStrayText } from '../shared/glm-pair-ast.js';
import { readGlmPairs } from '../shared/glm-pairs.js';
import { malformed, namelessCall } from '../shared/issues.js';
import { proseAfterCalls } from '../shared/block-prose.js';
import {
  endCall,
  lowerTagBlock,
  type BlockEnding,
  type CallEnding,
  type CallPieceReader,
} from '../shared/tag-block.js';
import type { HyV3Block, HyV3CallOpen, HyV3Part } from './ast.js';

/**
 * Lowers a hy_v3 block to its calls.
 *
 * @param node - The block's AST.
 * @param context - The output, schemas and limits.
 * @returns The block: a call per `<tool_call>` (refused by name where it cannot be read), and
 * the issues.
 */
export function lowerHyV3(node: HyV3Block, context: FormatContext): Section {
  const tag = (name: string): string => `<${name}${node.suffix}>`;
  // Hy4 writes no <tool_sep>: a block with none is its spelling, a call without one in a block
  // whose other calls write it is Hy3's slip.
  const writesSep = node.parts.some((part) => part.type === 'hy-v3-sep');
  const prose = proseAfterCalls(node, {
    text: (part) => (part.type === 'glm45-stray-text' ? part.text : undefined),
    closesCall: (part) => part.type === 'hy-v3-call-close',
  });
  const block: { start: number; end: number; parts: HyV3Part[]; close: BlockEnding } =
    prose === undefined
      ? node
      : { ...node, end: prose.start, parts: node.parts.slice(0, prose.index), close: 'implicit' };
  const { calls, issues } = lowerTagBlock(block, {
    format: 'hy_v3',
    openTag: tag('tool_calls'),
    closeTag: tag('/tool_calls'),
    noCall: `the ${tag('tool_calls')} block holds no ${tag('tool_call')}`,
    junk: `unexpected text in ${tag('tool_calls')}`,
    opensCall: (part): part is HyV3CallOpen => part.type === 'hy-v3-call-open',
    closeEnd: (part) => (part.type === 'hy-v3-call-close' ? part.end : undefined),
    isBlank: (part) => part.type === 'glm45-stray-text' && part.text.trim() === '',
    readCall: (open) => new CallReader(open, tag, context, writesSep),
  });
  const section: Section = { start: block.start, end: block.end, calls, issues };
  // Prose after the calls of a block never closed: a <tool_call> or </tool_calls> after it would
  // make it junk inside the block, so a stream waits for the end of the output.
  if (prose !== undefined) section.open = true;
  return section;
}

/** The parts a call reads between its open tag and its close. */
type CallPart = Exclude<HyV3Part, HyV3CallOpen>;

/**
 * Reads one call's parts as they come: `<tool_sep>` after the name (Hy3; Hy4 writes none), then
 * pairs and the text between them, the first problem kept to refuse the call with.
 */
class CallReader implements CallPieceReader<CallPart> {
  private readonly name: string;
  /** True once `<tool_sep>` (or a pair written without it) ended the name. */
  private separated = false;
  private problem: Issue | undefined;
  private readonly repairs: Repair[] = [];
  private readonly items: (GlmPair | GlmStrayText)[] = [];

  constructor(
    private readonly open: HyV3CallOpen,
    private readonly tag: (name: string) => string,
    private readonly context: FormatContext,
    /** The block writes `<tool_sep>` (Hy3's spelling): a call without one left it out. */
    private readonly writesSep: boolean,
  ) {
    this.name = open.name.text.trim();
  }

  take(part: CallPart): void {
    if (this.problem !== undefined) return;
    match(part)
      .with({ type: 'hy-v3-sep' }, (sep) => {
        if (this.separated) {
          this.problem = malformed(
            `"${this.name}" writes ${this.tag('tool_sep')} twice`,
            sep.start,
          );
        }
        this.separated = true;
      })
      .with({ type: 'glm45-pair' }, (pair) => {
        if (!this.separated) this.sepLeftOut(pair.start);
        this.items.push(pair);
      })
      .with({ type: 'glm45-stray-text' }, (stray) => {
        if (this.separated) {
          this.items.push(stray);
          return;
        }
        // The name runs to the first `<`: what follows it here is a tag of no part.
        this.problem = malformed(
          stray.text.startsWith(`</arg_value`)
            ? // Rapid-MLX #1070: quantised Hy3 checkpoints close a call's name with
              // </arg_value> and write no arguments; what it meant to pass is unknown.
              `"${this.name}" has no arguments: ${this.tag('/arg_value')} follows its name${this.writesSep ? ` where ${this.tag('tool_sep')} belongs` : ''}`
            : this.nothingAfterName(),
          stray.start,
        );
      })
      .with({ type: 'hy-v3-call-close' }, () => undefined)
      .exhaustive();
  }

  finish(ending: CallEnding, end: number): { call?: RawCall; issue?: Issue } {
    const { name, open } = this;
    if (name === '') {
      return { issue: namelessCall(ending === 'cut', open.start) };
    }
    // A call that takes no argument, with no <tool_sep>: `NAME</tool_call>`. Any other end right
    // after the name (the next call, the block's end) leaves what was meant unknown.
    if (!this.separated && this.problem === undefined && ending !== 'cut') {
      if (ending === 'closed') this.sepLeftOut(open.name.start + open.name.text.length);
      else this.problem = malformed(this.nothingAfterName(), end);
    }
    let parameters: Record<string, unknown> = {};
    if (this.problem === undefined) {
      const read = readGlmPairs(this.items, {
        name,
        cut: ending === 'cut',
        tools: this.context.tools,
        repairs: this.repairs,
      });
      parameters = read.parameters;
      this.problem = read.problems[0];
    }
    const read = {
      name,
      format: 'hy_v3' as const,
      span: { start: open.start, end },
      repairs: this.repairs,
      // A call refused for what it wrote is malformed, though the output then ended inside it:
      // writing it again whole would not mend it.
      ending: this.problem !== undefined && ending === 'cut' ? 'closed' : ending,
      closeTag: this.tag('/tool_call'),
    };
    return endCall(read, this.problem, () => parameters);
  }

  /** Why a name followed by no part of a call refuses the call. */
  private nothingAfterName(): string {
    return this.writesSep
      ? `"${this.name}" has no ${this.tag('tool_sep')} after its name`
      : `"${this.name}" has neither ${this.tag('arg_key')} nor ${this.tag('/tool_call')} after its name`;
  }

  /**
   * Ends the name where no `<tool_sep>` did, before `offset`: Hy4's spelling, or, in a block
   * whose other calls write one, a `<tool_sep>` the model left out (a repair).
   */
  private sepLeftOut(offset: number): void {
    this.separated = true;
    if (!this.writesSep) return;
    this.repairs.push({
      kind: 'other',
      offset,
      detail: `the ${this.tag('tool_sep')} after "${this.name}" left out`,
    });
  }
}
