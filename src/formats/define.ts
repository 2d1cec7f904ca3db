/**
 * `defineFormat`: add a tool-call syntax without forking. A user writes a peggy grammar, compiles
 * it (the project's `npm run grammars` script does this for `examples/custom-format/`), and hands
 * its `parse` function, a lowering and the syntax's start markers to `defineFormat`; the result
 * goes in `createParser({ formats: [...] })` beside the built-in ids.
 */
import type { CustomFormatId, Issue, Repair } from '../types.js';
import type { Format, FormatContext, RawCall, Section, SyntaxKind } from './format.js';
import { isPlainObject } from './shared/call-object.js';
import { readJsonPayload } from './shared/json-payload.js';
import { runGrammar, type GeneratedParse } from './shared/run-grammar.js';
import { ignoreRejection } from '../ignore-rejection.js';

/** One call as a custom lowering returns it. */
export interface DefinedCall {
  name: string;
  arguments: Record<string, unknown>;
  /** The syntax's own call id, when it has one. */
  id?: string;
  /** False when the call was cut off by the end of the output (default true). */
  complete?: boolean;
  repairs?: Repair[];
}

/** What a custom lowering returns for one section. */
export interface DefinedSection {
  calls: DefinedCall[];
  issues?: Issue[];
  /** Text inside the section that is content. */
  content?: string;
  /** Text inside the section that is reasoning. */
  reasoning?: string;
}

/** Helpers a custom lowering gets: the output and a JSON reader with the library's repairs. */
export interface LowerHelpers {
  /** The whole output; AST offsets from `range()`/`offset()` index into it. */
  readonly text: string;
  /** Where the section starts and where the grammar stopped. */
  readonly start: number;
  readonly end: number;
  /**
   * Reads `text.slice(start, end)` as a JSON object (fast path, then the lenient grammar).
   *
   * @returns The object and its repairs, or an issue.
   */
  readJsonObject(
    start: number,
    end: number,
  ):
    | { ok: true; value: Record<string, unknown>; repairs: Repair[]; complete: boolean }
    | { ok: false; issue: Issue };
}

/** The description of a custom syntax. */
export interface FormatDefinition<Node> {
  /** An id starting with `x-`, so it can never clash with a built-in format. */
  id: CustomFormatId;
  /** `'marked'` (default): found anywhere; `'bare'`: a fallback, found only on tool intent in auto mode. */
  syntax?: SyntaxKind;
  /** Which models emit it, for docs. */
  models?: string;
  /** Literal strings that start a section (found with `indexOf`). */
  markers: readonly string[];
  /**
   * Streaming hint: strings after which a section may end (a line break for a one-line syntax, a
   * closing tag). A promise: whether the grammar reads a section at a marker, and the section
   * it reads, depend only on the text up to and including the first of these after the marker
   * (or on the whole rest of the output when none comes). A stream then decides the section as
   * soon as one arrives; without them it waits for more text (the next marker, or the end) before
   * it trusts a section read from a growing buffer. A wrong promise makes a stream's events
   * differ from `parse`: leave it out unless the grammar never reads past the first of these.
   */
  endMarkers?: readonly string[];
  /** The peggy-generated `parse` function (`--format es`). */
  parse: GeneratedParse;
  /** The grammar rule that reads one section (must be an allowed start rule). */
  startRule: string;
  /**
   * Turns the start rule's AST into calls; `undefined` means "not this syntax here".
   * Must not throw on any text (a throw is reported as a malformed section).
   */
  lower(node: Node, helpers: LowerHelpers): DefinedSection | undefined;
}

/**
 * Defines a custom tool-call syntax from a peggy-generated parser and a lowering.
 *
 * @param definition - Id, markers, the generated `parse`, the start rule and the lowering.
 * @returns A format to pass in `createParser({ formats: [...] })`.
 * @throws TypeError when the id does not start with `x-`, markers are empty, or `parse`/`lower`
 * are not functions.
 * @example
 * ```ts
 * import { parse } from './generated/slash-command.js';
 * const slash = defineFormat({ id: 'x-slash', markers: ['/tool '], parse, startRule: 'Command', lower: (node, h) => ({ calls: [...] }) });
 * createParser({ formats: [slash, 'hermes'] });
 * ```
 */
export function defineFormat<Node>(definition: FormatDefinition<Node>): Format {
  checkDefinition(definition);
  const markers = Object.freeze([...definition.markers]);
  const endMarkers =
    definition.endMarkers === undefined ? undefined : Object.freeze([...definition.endMarkers]);
  return Object.freeze({
    id: definition.id,
    syntax: definition.syntax ?? 'marked',
    models: definition.models ?? 'custom',
    markers,
    ...(endMarkers === undefined ? {} : { endMarkers }),
    parseAt(context: FormatContext, start: number): Section | undefined {
      const matched = runGrammar<Node>(definition.parse, context.text, start, definition.startRule);
      if (matched === undefined) return undefined;
      const lowered = definition.lower(matched.node, createHelpers(context, start, matched.end));
      if (lowered === undefined) return undefined;
      try {
        return toSection(definition.id, lowered, start, matched.end);
      } catch (error) {
        // An async lowering answers with a promise, which has no calls: the throw becomes an
        // issue (safeParseAt), and the dropped promise must not reject unhandled.
        ignoreRejection(lowered);
        throw error;
      }
    },
  });
}

function createHelpers(context: FormatContext, start: number, end: number): LowerHelpers {
  return {
    text: context.text,
    start,
    end,
    readJsonObject(from, to) {
      const payload = readJsonPayload(context, from, to);
      if (!payload.ok) return payload;
      const value = payload.values.length === 1 ? payload.values[0] : undefined;
      if (!isPlainObject(value)) {
        return {
          ok: false,
          issue: {
            code: 'malformed-tool-call',
            message: 'the arguments are not a JSON object',
            offset: from,
          },
        };
      }
      return { ok: true, value, repairs: payload.repairs, complete: payload.complete };
    },
  };
}

function toSection(
  format: CustomFormatId,
  lowered: DefinedSection,
  start: number,
  end: number,
): Section {
  const calls: RawCall[] = lowered.calls.map((call) => {
    const raw: RawCall = {
      name: call.name,
      arguments: call.arguments,
      format,
      span: { start, end },
      repairs: call.repairs ?? [],
      complete: call.complete ?? true,
    };
    if (call.id !== undefined) raw.id = call.id;
    return raw;
  });
  const section: Section = { start, end, calls, issues: lowered.issues ?? [] };
  if (lowered.content !== undefined) section.content = lowered.content;
  if (lowered.reasoning !== undefined) section.reasoning = lowered.reasoning;
  return section;
}

function checkDefinition(definition: FormatDefinition<unknown>): void {
  if (typeof definition !== 'object' || definition === null) {
    throw new TypeError('defineFormat: pass { id, markers, parse, startRule, lower }');
  }
  if (typeof definition.id !== 'string' || !/^x-[a-z0-9_-]+$/.test(definition.id)) {
    throw new TypeError(
      `defineFormat: the id must start with "x-" and use a-z, 0-9, "_" or "-" (e.g. "x-slash"); got ${JSON.stringify(definition.id)}`,
    );
  }
  if (!isStringList(definition.markers) || definition.markers.length === 0) {
    throw new TypeError(
      `defineFormat(${definition.id}): "markers" must be a non-empty array of non-empty strings`,
    );
  }
  if (definition.endMarkers !== undefined && !isStringList(definition.endMarkers)) {
    throw new TypeError(
      `defineFormat(${definition.id}): "endMarkers" must be an array of non-empty strings (or left out)`,
    );
  }
  if (typeof definition.parse !== 'function') {
    throw new TypeError(
      `defineFormat(${definition.id}): "parse" must be the parse function of a peggy-generated parser`,
    );
  }
  if (typeof definition.lower !== 'function') {
    throw new TypeError(
      `defineFormat(${definition.id}): "lower" must be a function from the AST to { calls }`,
    );
  }
  if (typeof definition.startRule !== 'string' || definition.startRule === '') {
    throw new TypeError(
      `defineFormat(${definition.id}): "startRule" must name an allowed start rule of the grammar`,
    );
  }
  if (
    definition.syntax !== undefined &&
    definition.syntax !== 'marked' &&
    definition.syntax !== 'bare'
  ) {
    throw new TypeError(`defineFormat(${definition.id}): "syntax" must be 'marked' or 'bare'`);
  }
}

/** Whether `value` is an array of non-empty strings (markers, end markers). */
function isStringList(value: unknown): value is readonly string[] {
  return (
    Array.isArray(value) &&
    value.every((marker: unknown) => typeof marker === 'string' && marker !== '')
  );
}
