/**
 * The ajv instances every parser of the process compiles with, and the validators they made, kept
 * by schema content.
 *
 * A new ajv instance compiles the JSON Schema meta-schema before it compiles its first schema,
 * which made most of the set-up of a parser with few tools when each parser had instances of its
 * own (a parser with one tool took 18 to 30 ms, against 4 to 7 ms with the instances shared).
 * Shared, it is paid once per dialect, and again only when an instance is replaced (below). A
 * server that makes a parser per request for the same tools, as fresh objects each time, gets each
 * tool's validator from the cache instead of compiling it again.
 *
 * A compile leaves nothing registered in the instance: what it added under a `$id` or an anchor is
 * removed once it is done, so the schemas of two parsers (or two tools) never see each other, and
 * two of them may use the same `$id`. A schema may refer to itself only, which is all a tool
 * schema sent to a model can do. An instance is replaced after a number of compiles, so that what
 * ajv keeps for the code it generated (patterns, helper functions) does not grow without end in a
 * long-running process; the validators it made keep working.
 */
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addExactIntegerKeyword } from './exact-integers.js';
import { STRING_FORMATS } from './formats.js';

/** The JSON Schema dialects a tool schema may be written in. */
export type Dialect = 'draft-07' | '2020-12';

/** How many validators and compiles a {@link SharedCompiler} keeps before it lets go. */
export interface SharedCompilerLimits {
  /** Compiled validators kept by content; the least recently used goes first. */
  readonly validators: number;
  /** Compiles an ajv instance makes before a new one replaces it. */
  readonly compilesPerInstance: number;
}

/** The limits of the process-wide compiler every parser uses. */
export const SHARED_COMPILER_LIMITS: SharedCompilerLimits = Object.freeze({
  // About 16 KB each, measured on small schemas: some 2 MB at most.
  validators: 128,
  // An instance holds on to about 13 KB a compile until it is replaced (some 1.7 MB), and a new
  // one compiles the meta-schema again (a few milliseconds once warm), a tenth of a millisecond
  // a compile spread over these.
  compilesPerInstance: 128,
});

/** Compiles tool schemas with shared ajv instances; see the module comment. */
export interface SharedCompiler {
  /**
   * The validator of a schema: the one compiled before for a schema with the same content, dialect
   * and coercion, else a new one.
   *
   * @throws Error (ajv's) for a schema ajv refuses; nothing of it stays in the instance.
   */
  compile(dialect: Dialect, coerce: boolean, schema: Record<string, unknown>): ValidateFunction;
  /** What the compiler holds: for tests of its limits. */
  stats(): { instancesMade: number; validatorsKept: number };
}

/**
 * Creates a compiler with its own instances and cache. Parsers use {@link sharedCompiler}; tests
 * make their own with small limits.
 *
 * @param limits - How much it keeps.
 * @returns The compiler.
 * @example
 * ```ts
 * const compiler = createSharedCompiler({ validators: 2, compilesPerInstance: 4 });
 * const schema = { type: 'object', properties: { n: { type: 'integer' } } };
 * compiler.compile('2020-12', false, schema) === compiler.compile('2020-12', false, { ...schema }); // true
 * ```
 */
export function createSharedCompiler(limits: SharedCompilerLimits): SharedCompiler {
  const instances = new Map<string, { ajv: Ajv | Ajv2020; compiles: number }>();
  // By dialect, coercion and content; a Map keeps insertion order, which makes it the LRU list.
  const validators = new Map<string, ValidateFunction>();
  let instancesMade = 0;

  const instanceFor = (dialect: Dialect, coerce: boolean): Ajv | Ajv2020 => {
    const key = `${dialect}/${coerce ? 'coerce' : 'plain'}`;
    let instance = instances.get(key);
    if (instance === undefined || instance.compiles >= limits.compilesPerInstance) {
      instance = { ajv: createAjv(dialect, coerce), compiles: 0 };
      instancesMade += 1;
      instances.set(key, instance);
    }
    instance.compiles += 1;
    return instance.ajv;
  };

  return {
    compile(dialect, coerce, schema) {
      const content = exactJson(schema);
      const key = content === undefined ? undefined : `${dialect}/${String(coerce)}/${content}`;
      if (key !== undefined) {
        const known = validators.get(key);
        if (known !== undefined) {
          // Used again: to the end of the list, the last to go.
          validators.delete(key);
          validators.set(key, known);
          return known;
        }
      }
      const validate = compileIsolated(instanceFor(dialect, coerce), schema);
      if (key !== undefined) {
        if (validators.size >= limits.validators) {
          validators.delete(validators.keys().next().value as string);
        }
        validators.set(key, validate);
      }
      return validate;
    },
    stats: () => ({ instancesMade, validatorsKept: validators.size }),
  };
}

/** The compiler of every parser in the process. */
export const sharedCompiler: SharedCompiler = createSharedCompiler(SHARED_COMPILER_LIMITS);

function createAjv(dialect: Dialect, coerce: boolean): Ajv | Ajv2020 {
  const options: Options = {
    // Unknown keywords, unknown formats: refused.
    strict: true,
    // ajv looks for a required field only in the `properties` beside it, and so refused
    // `anyOf: [{ required: ['a'] }, ...]` beside the object's own `properties`, or
    // `then: { required: ['card'] }`. undeclaredRequired checks every subschema of the object.
    strictRequired: false,
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
  const ajv = dialect === 'draft-07' ? new Ajv(options) : new Ajv2020(options);
  for (const [name, pattern] of Object.entries(STRING_FORMATS)) ajv.addFormat(name, pattern);
  addExactIntegerKeyword(ajv);
  return ajv;
}

/**
 * Compiles a schema, then removes what the compile registered (the schema under its `$id`, its
 * anchors and inner ids), whether it compiled or not. The validator keeps what it needs.
 */
function compileIsolated(ajv: Ajv | Ajv2020, schema: Record<string, unknown>): ValidateFunction {
  const refs = new Set(Object.keys(ajv.refs));
  const schemas = new Set(Object.keys(ajv.schemas));
  try {
    return ajv.compile(schema);
  } finally {
    ajv.removeSchema(schema);
    for (const key of Object.keys(ajv.refs)) if (!refs.has(key)) delete ajv.refs[key];
    for (const key of Object.keys(ajv.schemas)) if (!schemas.has(key)) delete ajv.schemas[key];
  }
}

/**
 * The schema as JSON when JSON writes it exactly, else `undefined`: two schemas with the same such
 * text validate alike. Not for a value JSON writes as another (`Infinity` as `null`, a `Date` as
 * its text, `undefined` left out), which would give a schema another one's validator.
 *
 * @param schema - A tool schema, as pinned.
 * @returns The text, or `undefined`.
 * @example
 * ```ts
 * exactJson({ type: 'number', maximum: Infinity }); // undefined
 * ```
 */
export function exactJson(schema: Record<string, unknown>): string | undefined {
  let exact = true;
  const text = JSON.stringify(schema, function (this: unknown, name: string, value: unknown) {
    // `this[name]` is the value before any `toJSON` ran on it.
    if (exact && !isJsonValue((this as Record<string, unknown>)[name])) exact = false;
    return value;
  });
  return exact ? text : undefined;
}

function isJsonValue(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null || Array.isArray(value)) return true;
      const prototype = Object.getPrototypeOf(value) as unknown;
      return prototype === Object.prototype || prototype === null;
    }
    default:
      return false;
  }
}
