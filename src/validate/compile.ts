/**
 * One compiled ajv validator per tool, made once when the parser is created (or taken from the
 * process-wide cache of `shared-ajv.ts`, for a schema compiled before). ajv runs strict (an
 * unknown keyword is a caller mistake, and so is a `required` field the schema never declares,
 * checked in declared-required.ts) with `allErrors`, so one envelope can name every wrong field.
 * Draft-07 and 2020-12 schemas both work: the dialect is read from `$schema`.
 */
import type { ValidateFunction } from 'ajv';
import type { Repair } from '../types.js';
import { cloneJson, isPlainObject, setOwn } from './clone.js';
import { describeErrors, escapePointer, excerpt, type FieldError } from './errors.js';
import { undeclaredRequired } from './declared-required.js';
import { referenceLoop } from './reference-loops.js';
import { isPastExact, markIntegerFields } from './exact-integers.js';
import { sharedCompiler, type Dialect } from './shared-ajv.js';

/** What validating one arguments object gave. */
export type ValidationOutcome =
  | { ok: true; value: Record<string, unknown>; repairs: Repair[] }
  | { ok: false; errors: FieldError[] };

/** A tool's compiled schema. */
export interface ToolValidator {
  /**
   * Validates arguments. A value valid as written is returned as given; otherwise, with coercion,
   * a copy is coerced and each changed field is recorded as a `coercion` repair at `offset`.
   */
  validate(argumentsValue: unknown, offset: number): ValidationOutcome;
}

const DIALECTS: ReadonlyMap<string, Dialect> = new Map([
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
]);

/**
 * Reads a schema's dialect from `$schema` (2020-12 when absent).
 *
 * @param schema - A tool's parameters schema.
 * @returns The dialect, or `undefined` for a `$schema` this library does not support.
 * @example
 * ```ts
 * schemaDialect({ $schema: 'http://json-schema.org/draft-07/schema#' }); // 'draft-07'
 * ```
 */
export function schemaDialect(schema: Record<string, unknown>): Dialect | undefined {
  const declared = schema['$schema'];
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string') return undefined;
  return DIALECTS.get(
    declared
      .replace(/#$/, '')
      .replace(/^http:\/\/json-schema\.org\/draft\/2020/, 'https://json-schema.org/draft/2020'),
  );
}

/**
 * Compiles one tool's schema, with the ajv instances every parser shares (`shared-ajv.ts`). Each
 * schema is compiled on its own: it cannot refer to another tool's `$id`, and two tools may use
 * the same one.
 *
 * @param schema - The tool's parameters schema, as enforced.
 * @param coerce - The tool opted into type coercion.
 * @returns The validator.
 * @throws Error (ajv's, or this module's) for a schema it refuses; the registry turns it into a
 * TypeError.
 * @example
 * ```ts
 * const validator = compileToolSchema({ type: 'object', properties: { n: { type: 'integer' } } }, false);
 * validator.validate({ n: 1 }, 0).ok; // true
 * ```
 */
export function compileToolSchema(schema: Record<string, unknown>, coerce: boolean): ToolValidator {
  return guarded(compileOne(schema, coerce));
}

/** Checks one schema beyond what ajv checks, and compiles it once, or twice for a coercing tool. */
function compileOne(schema: Record<string, unknown>, coerce: boolean): ToolValidator {
  const dialect = schemaDialect(schema);
  if (dialect === undefined) {
    throw new Error(
      `unsupported "$schema" ${JSON.stringify(schema['$schema'])}; use draft-07 or 2020-12`,
    );
  }
  const undeclared = undeclaredRequired(schema);
  if (undeclared !== undefined) throw new Error(undeclared);
  const loop = referenceLoop(schema);
  if (loop !== undefined) {
    throw new Error(
      `its $refs form a loop with no object or array in between (${loop.join(' → ')}): checking a value would check the same value again without end. Make each round of the recursion go through "properties" or "items"`,
    );
  }
  // Integer fields also refuse a number past 2^53 (see exact-integers.ts).
  const marked = markIntegerFields(schema);
  const validate = compileWith(dialect, false, marked);
  if (!coerce) {
    return {
      validate(argumentsValue) {
        if (validate(argumentsValue))
          return { ok: true, value: argumentsValue as Record<string, unknown>, repairs: [] };
        return { ok: false, errors: describeErrors(validate.errors) };
      },
    };
  }
  const coercing = compileWith(dialect, true, marked);
  return {
    validate(argumentsValue, offset) {
      // A value valid as written is never coerced: ajv coerces in place while it tries each
      // branch of an anyOf, so `"007"` for `anyOf: [integer, string]` came out as `"7"`.
      if (validate(argumentsValue))
        return { ok: true, value: argumentsValue as Record<string, unknown>, repairs: [] };
      const subject = cloneJson(argumentsValue);
      if (!coercing(subject)) return { ok: false, errors: describeErrors(coercing.errors) };
      keepWritten(argumentsValue, subject);
      const coercions: Coercion[] = [];
      collectCoercions(argumentsValue, subject, '', coercions);
      const refused = coercions.flatMap(refusedCoercion);
      if (refused.length > 0) return { ok: false, errors: refused };
      // What runs must be valid as it is, whatever ajv rewrote on the way.
      if (!validate(subject)) return { ok: false, errors: describeErrors(validate.errors) };
      const repairs = coercions.map((coercion) => coercionRepair(coercion, offset));
      return { ok: true, value: subject as Record<string, unknown>, repairs };
    },
  };
}

/**
 * Compiles with ajv; a stack overflow while compiling (a loop of references that
 * `referenceLoop` could not follow, such as one through a remote `$id`) says so. An asynchronous
 * validator (`$async: true`, which ajv allows at the root only) is refused: it answers with a
 * promise, which a check for `true` would read as valid, letting every call through.
 */
function compileWith(
  dialect: Dialect,
  coerce: boolean,
  schema: Record<string, unknown>,
): ValidateFunction {
  let validate: ValidateFunction;
  try {
    validate = sharedCompiler.compile(dialect, coerce, schema);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new Error(
      `ajv ran out of stack compiling it (${error.message}); its $refs may form a loop with no object or array in between`,
      { cause: error },
    );
  }
  if ((validate as { $async?: unknown }).$async === true) {
    throw new Error(
      '"$async": true asks for a check that answers later, and a parser decides each call as it reads it; remove "$async" from the schema',
    );
  }
  return validate;
}

/** A field error for arguments whose check could not finish: refused, never thrown. */
const UNCHECKED: FieldError = {
  field: '',
  expected: "arguments this tool's schema can check",
  received: 'arguments whose check ran out of stack',
};

/**
 * Parsing never throws: a check that fails with an exception (ajv out of stack on a schema whose
 * recursion reads no deeper into the value) refuses the call instead.
 */
function guarded(validator: ToolValidator): ToolValidator {
  return {
    validate(argumentsValue, offset) {
      try {
        return validator.validate(argumentsValue, offset);
      } catch {
        return { ok: false, errors: [UNCHECKED] };
      }
    },
  };
}

/**
 * Puts back, in the coerced copy, each string, number or boolean that coercion turned into
 * another of the same type (`"007"` into `"7"` while ajv tried an integer branch): coercion only
 * changes a value's type, and such a value was written as it should be.
 */
function keepWritten(before: unknown, after: unknown): unknown {
  if (Object.is(before, after)) return after;
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  if (bothArrays || (isPlainObject(before) && isPlainObject(after) && !Array.isArray(before))) {
    const source = before as Record<string, unknown>;
    const target = after as Record<string, unknown>;
    for (const key of Object.keys(target)) {
      const kept = keepWritten(Object.hasOwn(source, key) ? source[key] : undefined, target[key]);
      if (kept !== target[key]) setOwn(target, key, kept);
    }
    return after;
  }
  const scalar =
    typeof before === 'string' || typeof before === 'number' || typeof before === 'boolean';
  return scalar && typeof before === typeof after ? before : after;
}

/** One leaf a coercing validation changed: where, and its value before and after. */
interface Coercion {
  pointer: string;
  before: unknown;
  after: unknown;
}

/** Lists the leaves a coercing validation changed, in order. */
function collectCoercions(
  before: unknown,
  after: unknown,
  pointer: string,
  into: Coercion[],
): void {
  if (Object.is(before, after)) return;
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  if (bothArrays || (isPlainObject(before) && isPlainObject(after) && !Array.isArray(before))) {
    for (const key of Object.keys(after as object)) {
      collectCoercions(
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        `${pointer}/${escapePointer(key)}`,
        into,
      );
    }
    return;
  }
  into.push({ pointer, before, after });
}

function coercionRepair({ pointer, before, after }: Coercion, offset: number): Repair {
  return {
    kind: 'coercion',
    offset,
    detail: `${pointer || '/'}: ${excerpt(before)} → ${excerpt(after)}`,
  };
}

/**
 * A decimal number written as text, blanks around it allowed (`"5"`, `" -1.5e3 "`, `"+2"`).
 * ajv turns any string JavaScript reads as a number into one, which includes `" "` (0) and
 * `"0x10"` (16).
 */
const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

function isDecimal(value: unknown): boolean {
  return typeof value === 'string' && DECIMAL.test(value);
}

/**
 * The coercions that are refused even for a tool that opted in, as a field error each:
 * - `null` read as `false`, `0` or `""`: that is a value the model never wrote, the way a default
 *   would be (`{"dry_run": null}` became `dry_run: false` on a destructive tool). A field whose
 *   schema allows `null` keeps it, uncoerced. Nor is `""`, `0` or `false` read as `null` in such
 *   a field: that would drop what the model wrote.
 * - a number made from anything but decimal digits: a blank string read as 0 (`{"amount": " "}`),
 *   hexadecimal text, or `true` read as 1.
 * - a number turned into a string that no longer holds the digits the model wrote: past 2^53 a
 *   JavaScript number keeps about 16 significant digits, so `1234567890123456789` is read as
 *   1234567890123456800 and would become the string "1234567890123456800". Such a number in a
 *   string field is most often an identifier (a message, order or account id), and running the
 *   call with a neighbouring id is worse than asking for it again, quoted.
 * - a number JavaScript cannot hold: text past about 1.8e308 (`"1e400"`) read as Infinity, or
 *   Infinity and NaN (written `1e400`, `NaN`) turned into the strings "Infinity" and "NaN".
 */
function refusedCoercion({ pointer, before, after }: Coercion): FieldError[] {
  if (after === null) {
    return [
      {
        field: pointer,
        expected: `a value of the field's type, or null written as null: ${excerpt(before)} is not read as null`,
        received: excerpt(before),
      },
    ];
  }
  if (before === null) {
    return [
      {
        field: pointer,
        expected: `a ${typeof after} value: null is not read as ${excerpt(after)}`,
        received: 'null',
      },
    ];
  }
  if (typeof after === 'number' && (typeof before === 'boolean' || !isDecimal(before))) {
    return [
      {
        field: pointer,
        expected: `a number written in digits: ${excerpt(before)} is not read as ${String(after)}`,
        received: excerpt(before),
      },
    ];
  }
  if (typeof after === 'number' && !Number.isFinite(after)) {
    // ajv checks a number's type as finite, but a coerced "1e400" is Infinity after the check.
    return [
      {
        field: pointer,
        expected: `a finite number: ${excerpt(before)} is past the largest number JavaScript holds (about 1.8e308)`,
        received: excerpt(before),
      },
    ];
  }
  if (typeof before === 'number' && typeof after === 'string' && !Number.isFinite(before)) {
    return [
      {
        field: pointer,
        expected: `a string in quotes: ${String(before)} is not read as the text ${excerpt(after)}`,
        received: excerpt(before),
      },
    ];
  }
  if (typeof before === 'number' && typeof after === 'string' && isPastExact(before)) {
    return [
      {
        field: pointer,
        expected:
          'a string in quotes: a number past 9007199254740991 loses its last digits before it can be read as text',
        received: `${excerpt(before)} (the number as read, rounded)`,
      },
    ];
  }
  return [];
}
