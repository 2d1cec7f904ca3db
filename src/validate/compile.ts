/**
 * One compiled ajv validator per tool, made once when the parser is created. ajv runs strict
 * (an unknown keyword or a `required` field the schema never declares is a caller mistake) with
 * `allErrors`, so one envelope can name every wrong field. Draft-07 and 2020-12 schemas both work:
 * the dialect is read from `$schema`.
 */
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Repair } from '../types.js';
import { cloneJson, isPlainObject } from './clone.js';
import { describeErrors, escapePointer, excerpt, type FieldError } from './errors.js';
import { STRING_FORMATS } from './formats.js';
import {
  findLargeNumbers,
  holdsLargeNumber,
  integerGuard,
  isPastExact,
  pointerOf,
  replaceAt,
} from './large-numbers.js';

/** What validating one arguments object gave. */
export type ValidationOutcome =
  | { ok: true; value: Record<string, unknown>; repairs: Repair[] }
  | { ok: false; errors: FieldError[] };

/** A tool's compiled schema. */
export interface ToolValidator {
  /**
   * Validates arguments. Without coercion the value is returned as given; with coercion a copy is
   * coerced and each changed field is recorded as a `coercion` repair at `offset`.
   */
  validate(argumentsValue: unknown, offset: number): ValidationOutcome;
}

/** Compiles tool schemas, sharing one ajv instance per dialect and coercion setting. */
export interface SchemaCompiler {
  /**
   * Compiles one schema.
   *
   * @throws Error (ajv's) for a schema ajv refuses; the registry turns it into a TypeError.
   */
  compile(schema: Record<string, unknown>, coerce: boolean): ToolValidator;
}

type Dialect = 'draft-07' | '2020-12';

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
 * Creates a compiler whose ajv instances belong to one parser (its pinned snapshot).
 *
 * @returns The compiler.
 * @example
 * ```ts
 * const validator = createSchemaCompiler().compile({ type: 'object', properties: { n: { type: 'integer' } } }, false);
 * validator.validate({ n: 1 }, 0).ok; // true
 * ```
 */
export function createSchemaCompiler(): SchemaCompiler {
  const instances = new Map<string, Ajv | Ajv2020>();
  const instanceFor = (dialect: Dialect, coerce: boolean): Ajv | Ajv2020 => {
    const key = `${dialect}/${coerce}`;
    let instance = instances.get(key);
    if (instance === undefined) {
      const options: Options = {
        // Unknown keywords, `required` fields the schema never declares, unknown formats: refused.
        strict: true,
        // Not refused: `required` or `properties` without a `type: 'object'` beside them. The
        // meaning is unambiguous and tool schemas in the wild often leave the type out.
        strictTypes: false,
        allErrors: true,
        // Errors carry the offending value, which the envelope quotes as `received`.
        verbose: true,
        // `type: ["string", "null"]` is how nullable fields are written; strict mode would refuse it.
        allowUnionTypes: true,
        // Defaults are never filled in: a missing argument is the model's mistake to fix, not a
        // "ghost success" (the playbook's pitfall 2).
        useDefaults: false,
        coerceTypes: coerce,
      };
      instance = dialect === 'draft-07' ? new Ajv(options) : new Ajv2020(options);
      for (const [name, pattern] of Object.entries(STRING_FORMATS))
        instance.addFormat(name, pattern);
      instances.set(key, instance);
    }
    return instance;
  };

  return {
    compile(schema, coerce) {
      const dialect = schemaDialect(schema);
      if (dialect === undefined) {
        throw new Error(
          `unsupported "$schema" ${JSON.stringify(schema['$schema'])}; use draft-07 or 2020-12`,
        );
      }
      const validate: ValidateFunction = instanceFor(dialect, coerce).compile(schema);
      const guard = integerGuard(schema);
      return {
        validate(argumentsValue, offset) {
          const subject = coerce ? cloneJson(argumentsValue) : argumentsValue;
          if (!validate(subject)) return { ok: false, errors: describeErrors(validate.errors) };
          if (guard.kind !== 'none') {
            const inexact =
              guard.kind === 'flat'
                ? inexactFields(subject, guard.keys)
                : holdsLargeNumber(subject)
                  ? inexactIntegers(validate, subject)
                  : NO_ERRORS;
            if (inexact.length > 0) return { ok: false, errors: inexact };
          }
          if (!coerce) return { ok: true, value: subject as Record<string, unknown>, repairs: [] };
          const coercions: Coercion[] = [];
          collectCoercions(argumentsValue, subject, '', coercions);
          const lossy = coercions.filter(losesDigits);
          if (lossy.length > 0) return { ok: false, errors: lossy.map(lossyError) };
          const repairs = coercions.map((coercion) => coercionRepair(coercion, offset));
          return { ok: true, value: subject as Record<string, unknown>, repairs };
        },
      };
    },
  };
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
 * True for a number turned into a string that no longer holds the digits the model wrote: past
 * 2^53 a JavaScript number keeps about 16 significant digits, so `1234567890123456789` is read
 * as 1234567890123456800 and would become the string "1234567890123456800". Such a number in a
 * string field is most often an identifier (a message, order or account id), and running the
 * call with a neighbouring id is worse than asking for it again, quoted.
 */
function losesDigits({ before, after }: Coercion): boolean {
  return (
    typeof before === 'number' &&
    typeof after === 'string' &&
    Number.isFinite(before) &&
    Math.abs(before) > Number.MAX_SAFE_INTEGER
  );
}

function lossyError({ pointer, before }: Coercion): FieldError {
  return {
    field: pointer,
    expected:
      'a string in quotes: a number past 9007199254740991 loses its last digits before it can be read as text',
    received: `${excerpt(before)} (the number as read, rounded)`,
  };
}

/**
 * The integer fields holding a number past 2^53, which JavaScript has rounded (`9007199254740993`
 * reads as 9007199254740992): such an integer is most often a 64-bit id, and the call would run
 * with a neighbouring one. Whether a field is an integer field is asked of the schema itself: the
 * number is swapped for 0.5 in a copy, and the field is one when that copy fails the integer type
 * there. A number field (`1.989e30`) or a field the schema does not describe is left alone.
 */
function inexactIntegers(validate: ValidateFunction, subject: unknown): FieldError[] {
  const errors: FieldError[] = [];
  for (const { path, value } of findLargeNumbers(subject)) {
    // Arguments are an object, so every number in them has a path; a bare number is left alone.
    if (path.length === 0) continue;
    const probe = cloneJson(subject);
    replaceAt(probe, path, 0.5);
    validate(probe);
    const pointer = pointerOf(path);
    const integerField = (validate.errors ?? []).some(
      (error) =>
        error.instancePath === pointer &&
        error.keyword === 'type' &&
        String((error.params as { type?: unknown }).type).includes('integer'),
    );
    if (integerField) errors.push(inexactError(pointer, value));
  }
  return errors;
}

const NO_ERRORS: FieldError[] = [];

/** `inexactIntegers` for a schema whose integer fields are all top-level properties. */
function inexactFields(subject: unknown, keys: readonly string[]): FieldError[] {
  let errors: FieldError[] | undefined;
  const record = subject as Record<string, unknown>;
  for (const key of keys) {
    if (!Object.hasOwn(record, key)) continue;
    const value = record[key];
    if (typeof value === 'number' && isPastExact(value)) {
      (errors ??= []).push(inexactError(`/${escapePointer(key)}`, value));
    }
  }
  return errors ?? NO_ERRORS;
}

function inexactError(field: string, value: number): FieldError {
  return {
    field,
    expected:
      'an integer of at most 9007199254740991 in magnitude: past it JavaScript loses the last digits',
    received: `${excerpt(value)} (the number as read, rounded)`,
  };
}
