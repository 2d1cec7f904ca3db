/**
 * One call of K2-Horizon's plain or typed mode, `<ifm|tool_call>NAME` then GLM's pairs, read from
 * the parts between its open tag and its close: the pairs as glm45 reads them (`readGlmPairs`),
 * a typed pair's value by the type it declares (`declared-type.ts`), the first problem kept to
 * refuse the call with by name.
 */
import { match } from 'ts-pattern';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, RawCall } from '../format.js';
import type { GlmPair, GlmStrayText } from '../shared/glm-pair-ast.js';
import { readGlmPairs } from '../shared/glm-pairs.js';
import { readGlmValue } from '../shared/glm-value.js';
import { malformed, namelessCall } from '../shared/issues.js';
import { endCall, type CallEnding, type CallPieceReader } from '../shared/tag-block.js';
import type { K2HorizonCallClose, K2HorizonCallOpen, K2HorizonPair } from './ast.js';
import { declaredTypeProblem, readTypedValue } from './declared-type.js';

/** The parts a call reads between its open tag and its close. */
export type K2HorizonCallPart = K2HorizonPair | K2HorizonCallClose | GlmStrayText;

/** The call's close tag, as repairs name it. */
export const CALL_CLOSE = '</ifm|tool_call>';

const BLANK = /\s/;

/**
 * Whether the lowering reads a call of this trimmed name from its pairs: a tool name holds no
 * blank (vLLM refuses such a name), and a `{` first opens the JSON mode's body.
 *
 * @param name - The text between the call's open tag and the next `<`, trimmed.
 * @returns True when the call is read under that name.
 */
export function isPlainName(name: string): boolean {
  return !BLANK.test(name) && !name.startsWith('{');
}

/** Reads one call of the plain or typed mode as its parts come. */
export class PairCallReader implements CallPieceReader<K2HorizonCallPart> {
  /** The tool name: the written name up to its first blank. */
  private readonly name: string;
  private problem: Issue | undefined;
  private readonly repairs: Repair[] = [];
  private readonly items: (GlmPair | GlmStrayText)[] = [];
  /** The keys read so far: a key written twice refuses the call. */
  private readonly keys = new Set<string>();
  /** How many pairs declare a type: a call's pairs all do (typed mode) or none does. */
  private typed = 0;

  constructor(
    private readonly open: K2HorizonCallOpen,
    private readonly context: FormatContext,
  ) {
    const written = open.name.text.trim();
    this.name = written.split(BLANK, 1)[0] ?? '';
    if (written !== '' && !isPlainName(written)) {
      // `get weather`, or a name then JSON (`get_weather\n{"city": ..}`, the shape a grammar of
      // llama.cpp's once forced): what the model meant to pass is not in the syntax.
      this.problem = malformed(
        `the tool name "${written}" holds blanks; write NAME then <ifm|arg_key> pairs`,
        open.name.start,
      );
    }
  }

  take(part: K2HorizonCallPart): void {
    if (this.problem !== undefined) return;
    match(part)
      .with({ type: 'glm45-pair' }, (pair) => this.pair(pair))
      .with({ type: 'glm45-stray-text' }, (stray) => this.items.push(stray))
      .with({ type: 'k2-horizon-call-close' }, () => undefined)
      .exhaustive();
  }

  finish(ending: CallEnding, end: number): { call?: RawCall; issue?: Issue } {
    const { name, open } = this;
    if (name === '') {
      return { issue: namelessCall(ending === 'cut', open.start) };
    }
    const pairs = this.items.filter((item) => item.type === 'glm45-pair').length;
    if (this.problem === undefined && this.typed !== 0 && this.typed !== pairs) {
      this.problem = malformed(
        `"${name}" declares the type of some arguments and not of others`,
        open.start,
      );
    }
    let parameters: Record<string, unknown> = {};
    if (this.problem === undefined) {
      const read = readGlmPairs(this.items, {
        name,
        cut: ending === 'cut',
        tools: this.context.tools,
        repairs: this.repairs,
        readValue: (pair, key) => this.value(pair, key),
      });
      parameters = read.parameters;
      this.problem = read.problems[0];
    }
    const read = {
      name,
      format: 'k2_horizon' as const,
      span: { start: open.start, end },
      repairs: this.repairs,
      // A call refused for what it wrote is malformed, though the output then ended inside it:
      // writing it again whole would not mend it.
      ending: this.problem !== undefined && ending === 'cut' ? 'closed' : ending,
      closeTag: CALL_CLOSE,
    };
    return endCall(read, this.problem, () => parameters);
  }

  /** A pair: its key not written before, its declared type, if any, readable. */
  private pair(pair: K2HorizonPair): void {
    this.items.push(pair);
    const key = pair.key.text.trim();
    if (key !== '' && pair.keyClose === 'closed') {
      if (this.keys.has(key)) {
        // vLLM refuses it too: which of the two values the model meant is a guess.
        this.problem = malformed(`"${this.name}" writes the argument "${key}" twice`, pair.start);
        return;
      }
      this.keys.add(key);
    }
    const { declared } = pair;
    if (declared === null) return;
    this.typed += 1;
    if (declared.close === 'missing') {
      this.problem = malformed(
        `the type of "${key}" of "${this.name}" is not closed by </ifm|arg_type>`,
        declared.start,
      );
      return;
    }
    // Cut off: the call is incomplete (the pair is read as cut by `readGlmPairs`).
    if (declared.close === 'cut') return;
    const name = this.name;
    this.problem = declaredTypeProblem(
      { name, key, declared: declared.text },
      this.context.tools,
      declared.start,
    );
  }

  /** A pair's value: by its declared type where it has one, else as glm45 reads it. */
  private value(pair: GlmPair, key: string): unknown {
    // The grammar gives every pair of a group as a K2HorizonPair; `readGlmPairs` asks only for
    // pairs with a value.
    const { declared, value } = pair as K2HorizonPair;
    const { tools } = this.context;
    const text = value?.text ?? '';
    const start = value?.start ?? pair.start;
    // Read exactly as the stream's writer reads it (glm45's), which streams plain pairs.
    if (declared === null) return readGlmValue(text, start, this.name, key, tools, this.repairs);
    const typed = { name: this.name, key, declared: declared.text, text, start };
    return readTypedValue(typed, tools, this.repairs);
  }
}
