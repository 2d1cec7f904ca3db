/**
 * One call of K2-Horizon's JSON mode, `<ifm|tool_call>{"name": "f", "arguments": {..}}`, read
 * from its body: one call object with a `name` and, optionally, `arguments` (other keys, a second
 * value, text after the object or a cut body refuse it, by name where the object gives one).
 * Arguments are kept as written: the schema does not retype JSON values (phase 2's coercion, a
 * tool's opt-in, may).
 */
import type { Issue } from '../../types.js';
import type { FormatContext, RawCall } from '../format.js';
import { readCallObject, type CallFieldNames } from '../shared/call-object.js';
import { incomplete, malformed } from '../shared/issues.js';
import { payloadIssueCode } from '../shared/json-calls.js';
import { readJsonPayload } from '../shared/json-payload.js';
import { endCall, type CallEnding, type CallPieceReader } from '../shared/tag-block.js';
import type { K2HorizonJsonCall } from './ast.js';
import { CALL_CLOSE, isPlainName, type K2HorizonCallPart } from './pair-call.js';

/** The template writes `name` and `arguments`, nothing else. */
const FIELDS: CallFieldNames = { name: ['name'], arguments: ['arguments'] };

/** Reads one call of the JSON mode: its body, then only its close tag (or blanks). */
export class JsonCallReader implements CallPieceReader<K2HorizonCallPart> {
  /** Text or a pair after the body: the call is not one object. */
  private junk: number | undefined;

  constructor(
    private readonly open: K2HorizonJsonCall,
    private readonly context: FormatContext,
  ) {}

  take(part: K2HorizonCallPart): void {
    // The body runs to the next call tag, so the grammar gives only the call's close tag here;
    // anything else would not be one object.
    if (part.type !== 'k2-horizon-call-close') this.junk ??= part.start;
  }

  finish(ending: CallEnding, end: number): { call?: RawCall; issue?: Issue } {
    const { open, context } = this;
    const { body } = open;
    const payload = readJsonPayload(context, body.start, body.end, { callObjects: 'calls' });
    const cut = ending === 'cut';
    if (!payload.ok) {
      // Refused, as a call: the gate answers a malformed call with an envelope.
      const issue = { ...payload.issue, code: payloadIssueCode(payload.issue) };
      return { issue: cut ? incomplete(open.start) : issue };
    }
    const object = readCallObject(payload.values[0], body.start, FIELDS);
    const { name } = object;
    if (name === undefined) {
      return { issue: cut || object.ok ? incomplete(open.start) : object.issue };
    }
    const problem = cut ? incomplete(open.start) : this.problem(name, object, payload);
    const read = {
      name,
      format: 'k2_horizon' as const,
      span: { start: open.start, end },
      repairs: object.ok ? [...payload.repairs, ...object.repairs] : [],
      // A call refused for what it wrote is malformed, though the output ended inside it.
      ending: problem === undefined || cut ? ending : 'closed',
      closeTag: CALL_CLOSE,
    };
    return endCall(read, problem, () => (object.ok ? object.arguments : {}));
  }

  /** Why a whole body that names its tool does not read as its call, if it does not. */
  private problem(
    name: string,
    object: ReturnType<typeof readCallObject>,
    payload: { values: unknown[]; complete: boolean },
  ): Issue | undefined {
    const { body } = this.open;
    if (!object.ok) return object.issue;
    if (!payload.complete) {
      // Its call's close tag came before the object's own: what is left out is a guess.
      return malformed(`the JSON body of "${name}" is not closed`, body.start);
    }
    if (payload.values.length !== 1 || this.junk !== undefined) {
      return malformed(
        `the body of "${name}" holds more than one JSON object`,
        this.junk ?? body.start,
      );
    }
    if (name.trim() !== name || !isPlainName(name)) {
      return malformed(`the tool name "${name}" holds blanks`, body.start);
    }
    return undefined;
  }
}
