/**
 * The tools manifest, pinned when the parser is created: each definition deep-copied and frozen,
 * each schema compiled once (closed with `additionalProperties: false` for `write` and
 * `destructive` tools), each given a schema version for telemetry. Later changes to the caller's
 * objects change nothing in a running parser (the guide's "run-scoped schema snapshot").
 */
import type { ParameterSchemas } from '../formats/format.js';
import type { ToolDefinition, ToolEffect } from '../options.js';
import { createNameResolver, type NameMatching, type NameResolution } from '../resolve/names.js';
import { resolveProfile, type ResolvedProfile } from '../sanitize/profile.js';
import { deepFreeze, isPlainObject } from '../validate/clone.js';
import { closeObjects } from '../validate/close-objects.js';
import { compileToolSchema, type ToolValidator } from '../validate/compile.js';
import { schemaVersion } from '../validate/hash.js';

/** One pinned tool. */
export interface PinnedTool {
  readonly name: string;
  readonly effect: ToolEffect;
  /** The caller's definition as it was at `createParser`, frozen. */
  readonly definition: Readonly<ToolDefinition>;
  /** Hash of name, effect, coercion and parameters: telemetry splits rates by it. */
  readonly schemaVersion: string;
  readonly profile: ResolvedProfile | undefined;
  readonly validator: ToolValidator;
}

/** The pinned manifest of one parser. */
export interface ToolRegistry {
  /** The tool a written name means under the parser's matching mode. */
  resolve(written: string): Readonly<NameResolution & { tool: PinnedTool }> | undefined;
  /** Every tool name, in manifest order. */
  names(): string[];
  /** Schemas by tool name, for formats that type text-valued parameters. */
  readonly schemas: ReadonlyMap<string, ParameterSchemas>;
}

const EFFECTS: readonly ToolEffect[] = ['read', 'write', 'destructive'];
const DEFINITION_KEYS = ['name', 'description', 'parameters', 'effect', 'coerce', 'sanitize'];

/**
 * Pins a manifest.
 *
 * @param tools - The caller's tools.
 * @param nameMatching - `'exact'` or `'ladder'`.
 * @returns The registry.
 * @throws TypeError naming the tool and the problem: no name, a duplicate, an unknown key or effect, a schema ajv refuses, a bad sanitize profile.
 * @example
 * ```ts
 * const registry = createToolRegistry([{ name: 'get_weather', parameters: { type: 'object' }, effect: 'read' }], 'exact');
 * registry.resolve('get_weather')?.match; // 'exact'
 * ```
 */
export function createToolRegistry(
  tools: readonly ToolDefinition[],
  nameMatching: NameMatching,
): ToolRegistry {
  if (!Array.isArray(tools)) {
    throw new TypeError('createParser: "tools" must be an array of { name, parameters }');
  }
  const pinned = new Map<string, PinnedTool>();
  const schemas = new Map<string, ParameterSchemas>();
  for (const tool of tools as readonly unknown[]) {
    const definition = pinDefinition(tool);
    if (pinned.has(definition.name)) {
      throw new TypeError(
        `createParser: tool "${definition.name}" is listed twice; tool names must be unique`,
      );
    }
    const effect = definition.effect ?? 'write';
    const coerce = definition.coerce ?? false;
    // No parameters means no arguments (`properties: {}` closes it for write tools).
    const parameters = definition.parameters ?? { type: 'object', properties: {} };
    // Tools that change things refuse keys their schema never named (unless it opens itself up).
    const enforced = effect === 'read' ? parameters : closeObjects(parameters);
    let validator: ToolValidator;
    try {
      validator = compileToolSchema(enforced, coerce);
    } catch (error) {
      throw new TypeError(
        `createParser: the parameters schema of tool "${definition.name}" is not valid: ${error instanceof Error ? error.message : String(error)}. Fix the schema (strict JSON Schema, draft-07 or 2020-12).`,
      );
    }
    const profile =
      definition.sanitize === undefined
        ? undefined
        : resolveProfile(definition.sanitize, definition.name);
    schemas.set(definition.name, {
      parameters,
      rewritesArguments: coerce || profile !== undefined,
    });
    pinned.set(definition.name, {
      name: definition.name,
      effect,
      definition,
      schemaVersion: schemaVersion({ name: definition.name, effect, coerce, parameters }),
      profile,
      validator,
    });
  }
  const resolver = createNameResolver([...pinned.values()], nameMatching);
  // An exact name (the usual case) resolves to one shared, frozen answer per tool: the ladder's
  // first rung is this same lookup, so the answer is the one the resolver would give.
  const exact = new Map<string, Readonly<NameResolution & { tool: PinnedTool }>>();
  for (const tool of pinned.values())
    exact.set(tool.name, Object.freeze({ name: tool.name, match: 'exact' as const, tool }));
  // The last exact answer, under the pinned tool's own name (never the model's string, which may
  // be a slice that keeps a whole output alive). Models call one tool again and again, and
  // comparing a fresh name with it costs a third of hashing the name for the map.
  let lastExact = exact.values().next().value;
  return {
    resolve(written) {
      if (lastExact !== undefined && written === lastExact.name) return lastExact;
      const known = exact.get(written);
      if (known !== undefined) {
        lastExact = known;
        return known;
      }
      const resolution = resolver.resolve(written);
      if (resolution === undefined) return undefined;
      // Field by field: a spread into a literal with one more field is V8's slow path.
      const tool = pinned.get(resolution.name) as PinnedTool;
      return { name: resolution.name, match: resolution.match, tool };
    },
    names: () => [...pinned.keys()],
    schemas,
  };
}

/** Checks one definition's shape and returns a frozen deep copy of it. */
function pinDefinition(tool: unknown): Readonly<ToolDefinition> {
  if (!isPlainObject(tool) || typeof tool['name'] !== 'string' || tool['name'] === '') {
    const hint =
      isPlainObject(tool) && isPlainObject(tool['function'])
        ? ' (for an OpenAI tool, pass its "function" object)'
        : '';
    throw new TypeError(`createParser: every tool needs a non-empty string "name"${hint}`);
  }
  const name = tool['name'];
  for (const key of Object.keys(tool)) {
    if (!DEFINITION_KEYS.includes(key)) {
      throw new TypeError(
        `createParser: tool "${name}" has an unknown key "${key}". Known keys: ${DEFINITION_KEYS.join(', ')}`,
      );
    }
  }
  if (tool['effect'] !== undefined && !EFFECTS.includes(tool['effect'] as ToolEffect)) {
    throw new TypeError(
      `createParser: tool "${name}" has effect ${JSON.stringify(tool['effect'])}; use 'read', 'write' or 'destructive'`,
    );
  }
  if (tool['coerce'] !== undefined && typeof tool['coerce'] !== 'boolean') {
    throw new TypeError(`createParser: tool "${name}": "coerce" must be true or false`);
  }
  if (tool['parameters'] !== undefined && !isPlainObject(tool['parameters'])) {
    throw new TypeError(
      `createParser: tool "${name}": "parameters" must be a JSON Schema object such as { type: 'object', properties: {} }`,
    );
  }
  if (tool['parameters'] !== undefined) checkRootType(name, tool['parameters']);
  let copy: ToolDefinition;
  try {
    copy = structuredClone(tool) as unknown as ToolDefinition;
  } catch {
    throw new TypeError(
      `createParser: tool "${name}" must be plain data (no functions or class instances) so it can be pinned`,
    );
  }
  return deepFreeze(copy);
}

/**
 * Refuses a schema whose root `type` leaves out `object`: every syntax gives a call's arguments
 * as an object, so such a tool could never be called, and every call to it would be refused as
 * a schema violation the model cannot fix. A schema without `type` stays accepted.
 */
function checkRootType(name: string, parameters: Record<string, unknown>): void {
  const type = parameters['type'];
  if (type === undefined || type === 'object') return;
  if (Array.isArray(type) && type.includes('object')) return;
  throw new TypeError(
    `createParser: tool "${name}": arguments are always an object, so "parameters" must describe an object; got type ${JSON.stringify(type)}. Put the value in a property: { type: 'object', properties: { value: ${JSON.stringify({ type })} } }`,
  );
}
