/**
 * The tools manifest, pinned when the parser is created: deep-copied, frozen, and each schema
 * compiled once by ajv.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { ToolDefinition } from '../options.js';
import type { ParameterSchemas } from '../formats/format.js';

/** The first validation error of a call, in envelope terms. */
export interface FieldError {
  field: string;
  expected: string;
  received: string;
}

/** One pinned tool. */
export interface PinnedTool {
  readonly definition: Readonly<ToolDefinition>;
  validate(argumentsValue: unknown): FieldError | undefined;
}

/** The pinned manifest of one parser. */
export interface ToolRegistry {
  get(name: string): PinnedTool | undefined;
  names(): string[];
  /** Schemas by tool name, for formats that type text-valued parameters. */
  readonly schemas: ReadonlyMap<string, ParameterSchemas>;
}

/**
 * Pins a manifest.
 *
 * @param tools - The caller's tools.
 * @returns The registry.
 * @throws TypeError when a tool has no name, a duplicate name or a schema ajv refuses.
 */
export function createToolRegistry(tools: readonly ToolDefinition[]): ToolRegistry {
  if (!Array.isArray(tools)) {
    throw new TypeError('createParser: "tools" must be an array of { name, parameters }');
  }
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const pinned = new Map<string, PinnedTool>();
  const schemas = new Map<string, ParameterSchemas>();
  for (const tool of tools) {
    if (typeof tool?.name !== 'string' || tool.name === '') {
      throw new TypeError('createParser: every tool needs a non-empty string "name"');
    }
    if (pinned.has(tool.name)) {
      throw new TypeError(`createParser: tool "${tool.name}" is listed twice`);
    }
    const definition = structuredClone(tool);
    const parameters = definition.parameters ?? { type: 'object' };
    let validate: ValidateFunction;
    try {
      validate = ajv.compile(parameters);
    } catch (error) {
      throw new TypeError(
        `createParser: the schema of tool "${tool.name}" is not valid: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    schemas.set(tool.name, { parameters });
    pinned.set(tool.name, {
      definition: Object.freeze(definition),
      validate(value) {
        if (validate(value)) return undefined;
        const first = validate.errors?.[0];
        return {
          field: first?.instancePath ?? '',
          expected: first?.message ?? 'a valid value',
          received: JSON.stringify(first?.data) ?? 'undefined',
        };
      },
    });
  }
  return {
    get: (name) => pinned.get(name),
    names: () => [...pinned.keys()],
    schemas,
  };
}
