/**
 * Reading the README's code blocks for tests: ```ts blocks become modules whose package imports
 * point at the sources and whose `console.log(x); // → value` lines become assertions.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** One fenced block of the README, with the line it starts on. */
export interface Block {
  lang: string;
  code: string;
  line: number;
}

/** Every fenced block, in order. */
export function readBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^```(\w+)$/.exec(lines[index] ?? '');
    if (open === null) continue;
    const start = index;
    const body: string[] = [];
    for (index += 1; index < lines.length && lines[index] !== '```'; index += 1)
      body.push(lines[index] ?? '');
    blocks.push({ lang: open[1] ?? '', code: body.join('\n'), line: start + 1 });
  }
  return blocks;
}

const SUBPATHS: Record<string, string> = {
  'tool-call-parser': 'src/index.ts',
  'tool-call-parser/ai-sdk': 'src/integrations/ai-sdk.ts',
  'tool-call-parser/openai': 'src/integrations/openai.ts',
  'tool-call-parser/otel': 'src/integrations/otel.ts',
};

/**
 * Rewrites a ```ts block into a module that can run from a temporary folder: package imports
 * become file URLs (the sources for this package, the repository's node_modules for the others,
 * `ai` 6 on Node versions that `ai` 7 does not support) and `// →` lines become checks.
 */
export function toModule(code: string): string {
  const require = createRequire(`${ROOT}package.json`);
  const oldNode = Number(process.versions.node.split('.')[0]) < 22;
  const rewritten = code.replace(/from '([^'.][^']*)'/g, (_match, specifier: string) => {
    const local = SUBPATHS[specifier];
    if (local !== undefined) return `from '${pathToFileURL(`${ROOT}${local}`).href}'`;
    const target =
      oldNode && /^ai(?:\/|$)/.test(specifier) ? specifier.replace(/^ai/, 'ai6') : specifier;
    return `from '${pathToFileURL(require.resolve(target)).href}'`;
  });
  return rewritten
    .split('\n')
    .map((line) => {
      const check = /^(\s*)console\.log\((.*)\);\s*\/\/ → (.*)$/.exec(line);
      if (check === null) return line;
      return `${check[1]}(globalThis as any).__readmeCheck(${check[2]}, ${JSON.stringify(check[3])});`;
    })
    .join('\n');
}

/** How a `// →` comment writes a value: strings bare (a newline as `\n`), the rest as JSON. */
export function show(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\n/g, '\\n');
  return JSON.stringify(value) ?? String(value);
}
