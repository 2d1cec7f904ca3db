/**
 * The package as a user gets it: built, packed with `npm pack`, installed from the tarball into a
 * scratch project (dependencies from the npm cache, else the registry), then imported from ESM
 * and CommonJS, type-checked, and run through its bin.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NODE = process.execPath;

let files: string[] = [];
let project = '';

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  // Grammars are compiled by `pretest`; the build is tsc plus the generated parsers.
  run(NODE, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], ROOT);
  run(NODE, [join(ROOT, 'scripts/copy-generated.mjs')], ROOT);
  const packs = mkdtempSync(join(tmpdir(), 'tcp-pack-'));
  const packed = JSON.parse(
    run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packs], ROOT),
  ) as { filename: string; files: { path: string }[] }[];
  files = (packed[0]?.files ?? []).map((file) => file.path).sort();
  project = mkdtempSync(join(tmpdir(), 'tcp-consumer-'));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  run(
    'npm',
    [
      'install',
      join(packs, packed[0]?.filename ?? ''),
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
    ],
    project,
  );
}, 240_000);

describe('the packed package', () => {
  it('should hold only dist, grammar, README, LICENSE, SECURITY.md and package.json', () => {
    const allowed = /^(?:dist\/|grammar\/|README\.md$|LICENSE$|SECURITY\.md$|package\.json$)/;
    expect(files.filter((path) => !allowed.test(path))).toEqual([]);
    for (const path of [
      'README.md',
      'LICENSE',
      'package.json',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'dist/generated/hermes.js',
      'dist/integrations/ai-sdk.js',
      'dist/integrations/openai.d.ts',
      'dist/integrations/otel.js',
      'grammar/hermes.peggy',
    ]) {
      expect(files).toContain(path);
    }
  });

  it('should import from ESM and parse a call', () => {
    writeFileSync(
      join(project, 'esm.mjs'),
      `import { createParser, formatIds } from 'tool-call-parser';
const parser = createParser({ formats: ['hermes'], tools: [{ name: 'ping', parameters: { type: 'object' } }] });
const result = parser.parse('<tool_call>{"name": "ping", "arguments": {}}</tool_call>');
console.log(JSON.stringify([result.calls[0].name, result.calls[0].validated, formatIds.includes('kimi_k2')]));`,
    );
    expect(run(NODE, ['esm.mjs'], project).trim()).toBe('["ping",true,true]');
  });

  it('should load every subpath export', () => {
    writeFileSync(
      join(project, 'subpaths.mjs'),
      `const openai = await import('tool-call-parser/openai');
console.log(typeof openai.toOpenAIToolCalls, typeof openai.createOpenAIStreamConverter);`,
    );
    expect(run(NODE, ['subpaths.mjs'], project).trim()).toBe('function function');
  });

  it('should be required from CommonJS on Node 20.19 and later', () => {
    writeFileSync(
      join(project, 'cjs.cjs'),
      `const { createParser } = require('tool-call-parser');
console.log(createParser({ formats: ['mistral'] }).parse('[TOOL_CALLS]f[ARGS]{"a": 1}').calls[0].arguments.a);`,
    );
    expect(run(NODE, ['cjs.cjs'], project).trim()).toBe('1');
  });

  it('should type-check a consumer against the shipped declarations', () => {
    writeFileSync(
      join(project, 'consumer.mts'),
      `import { createParser, type ParseResult, type ToolCall } from 'tool-call-parser';
const result: ParseResult = createParser({ formats: ['hermes'] }).parse('');
const calls: ToolCall[] = result.calls;
// @ts-expect-error: a format id outside the union is refused at compile time
createParser({ formats: ['hermes3'] });
export { calls };`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['consumer.mts'],
      }),
    );
    expect(run(NODE, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], project)).toBe('');
  });

  it('should run its bin', () => {
    const bin = join(project, 'node_modules/.bin/tool-call-parser');
    expect(run(NODE, [bin, '--version'], project).trim()).toMatch(/^\d+\.\d+\.\d+$/);
    writeFileSync(join(project, 'out.txt'), '[get_weather(city="Lyon")]');
    const result = JSON.parse(
      run(NODE, [bin, 'parse', 'out.txt', '--format', 'pythonic'], project),
    ) as {
      calls: { arguments: unknown }[];
    };
    expect(result.calls[0]?.arguments).toEqual({ city: 'Lyon' });
  });
});
