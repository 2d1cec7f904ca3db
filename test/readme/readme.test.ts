import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatIds } from '../../src/formats/index.js';
import { runCli } from '../../src/cli/run.js';
import { memoryIo } from '../cli/io.js';
import { readBlocks, ROOT, show, toModule } from './blocks.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const BLOCKS = readBlocks(README);
const TS = BLOCKS.filter((block) => block.lang === 'ts');
const HEADINGS = [...README.matchAll(/^## (.+)$/gm)].map((match) => match[1]);

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

describe('README', () => {
  it('should have the sections a new user needs, in order', () => {
    const wanted = [
      'What it is',
      'When to use it',
      'Install',
      'Use',
      'Formats',
      'Streaming',
      'AI SDK',
      'OpenAI-shaped output',
      'Policy and security',
      'Telemetry',
      'CLI',
      'Extending with a grammar',
      'Benchmarks',
    ];
    expect(HEADINGS.filter((heading) => wanted.includes(heading as string))).toEqual(wanted);
  });

  it('should list every format id in the format table', () => {
    const rows = new Set([...README.matchAll(/^\| `(\w+)`/gm)].map((match) => match[1]));
    expect(formatIds.filter((id) => !rows.has(id))).toEqual([]);
  });

  it('should show the summary line npm start really prints', async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const words = (manifest.scripts['start'] ?? '').split(' ');
    const argv = words.slice(words.indexOf('replay'));
    expect(argv[0]).toBe('replay');
    const run = memoryIo();
    expect(await runCli(argv, run.io)).toBe(0);
    const claimed = /^(replay: .*), \.\.\.$/m.exec(README)?.[1];
    expect(claimed).toBeDefined();
    expect(run.stdout()).toContain(claimed);
  });

  it('should run every tool-call-parser command of its shell blocks', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'tcp-readme-'));
    symlinkSync(join(ROOT, 'examples'), join(cwd, 'examples'));
    const commands = BLOCKS.filter((block) => block.lang === 'sh')
      .flatMap((block) => block.code.split('\n'))
      .filter((line) => line.startsWith('npx tool-call-parser '));
    expect(commands.length).toBeGreaterThanOrEqual(5);
    for (const command of commands) {
      const run = memoryIo('', { cwd });
      const code = await runCli(command.split(/\s+/).slice(2), run.io);
      expect({ command, code, stderr: run.stderr().split('\n')[0] }).toMatchObject({
        command,
        code: 0,
      });
    }
    expect(readFileSync(join(cwd, 'report.html'), 'utf8')).toContain('<svg');
  });

  describe.each(TS.map((block) => [block.line, block] as const))(
    'ts block at line %i',
    (_line, block) => {
      it('should run and print what its comments say', async () => {
        const checks: { got: string; want: string }[] = [];
        (globalThis as { __readmeCheck?: unknown }).__readmeCheck = (
          value: unknown,
          want: string,
        ) => {
          checks.push({ got: show(value), want });
        };
        const file = join(mkdtempSync(join(tmpdir(), 'tcp-readme-block-')), 'block.ts');
        writeFileSync(file, toModule(block.code));
        await import(pathToFileURL(file).href);
        expect(checks.length).toBeGreaterThan(0);
        for (const check of checks) expect(check.got).toBe(check.want);
      });
    },
  );
});
