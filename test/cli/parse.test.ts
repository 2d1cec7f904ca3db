import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import type { ParseResult, StreamEvent } from '../../src/types.js';
import { memoryIo } from './io.js';

const HERMES = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Ghent"}}\n</tool_call>';

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'tcp-cli-')), name);
  writeFileSync(path, text);
  return path;
}

describe('tool-call-parser parse', () => {
  it('should print the parse result of a file as JSON', async () => {
    const run = memoryIo();
    const code = await runCli(['parse', tempFile('out.txt', `Checking.\n${HERMES}`)], run.io);
    const result = JSON.parse(run.stdout()) as ParseResult;
    expect(code).toBe(0);
    expect(result.calls.map((call) => [call.name, call.arguments, call.format])).toEqual([
      ['get_weather', { city: 'Ghent' }, 'hermes'],
    ]);
    expect(result.content.trim()).toBe('Checking.');
  });

  it('should read standard input when the file is "-" or missing', async () => {
    for (const argv of [['parse', '-'], ['parse']]) {
      const run = memoryIo('[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon"}');
      expect(await runCli(argv, run.io)).toBe(0);
      const result = JSON.parse(run.stdout()) as ParseResult;
      expect(result.calls[0]?.arguments).toEqual({ city: 'Lyon' });
    }
  });

  it('should check calls against --tools and refuse a tool outside the file', async () => {
    const run = memoryIo(
      '<tool_call>{"name": "run_shell", "arguments": {"command": "ls"}}</tool_call>',
    );
    await runCli(['parse', '-', '--tools', 'examples/tools.json'], run.io);
    const result = JSON.parse(run.stdout()) as ParseResult;
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      ['run_shell', 'unknown-tool'],
    ]);
  });

  it('should leave a syntax alone when --format names another one', async () => {
    const run = memoryIo(HERMES);
    await runCli(['parse', '-', '--format', 'kimi_k2'], run.io);
    expect((JSON.parse(run.stdout()) as ParseResult).calls).toEqual([]);
  });

  it('should print stream events as JSON lines whose calls match the batch parse', async () => {
    const run = memoryIo(`Checking.\n${HERMES}`);
    expect(await runCli(['parse', '-', '--stream', '--format', 'hermes'], run.io)).toBe(0);
    const events = run
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as StreamEvent);
    const ends = events.filter((event) => event.type === 'tool-call-end');
    expect(ends).toHaveLength(1);
    expect(ends[0] && 'call' in ends[0] ? ends[0].call.arguments : undefined).toEqual({
      city: 'Ghent',
    });
    const deltas = events.flatMap((event) =>
      event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
    );
    expect(deltas.join('')).toBe('{"city":"Ghent"}');
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.delta] : []));
    expect(text.join('').trim()).toBe('Checking.');
  });

  it('should exit 2 with a one-line fix for a missing file', async () => {
    const run = memoryIo();
    expect(await runCli(['parse', 'no/such/output.txt'], run.io)).toBe(2);
    expect(run.stderr()).toBe(
      'tool-call-parser: cannot read the model output "no/such/output.txt" (no such file); check the path\n',
    );
    expect(run.stdout()).toBe('');
  });

  it('should suggest the flag a typo meant', async () => {
    const run = memoryIo();
    expect(await runCli(['parse', '--fromat', 'hermes'], run.io)).toBe(2);
    expect(run.stderr()).toBe(
      'tool-call-parser: parse: unknown flag --fromat (did you mean --format?)\n',
    );
  });

  it('should suggest the format id a typo meant', async () => {
    const run = memoryIo(HERMES);
    expect(await runCli(['parse', '-', '--format', 'hermes2'], run.io)).toBe(2);
    expect(run.stderr()).toMatch(
      /^tool-call-parser: unknown format "hermes2" \(did you mean "hermes"\?\); valid ids: /,
    );
  });

  it('should explain a tools file that is not a JSON array', async () => {
    const run = memoryIo(HERMES);
    const tools = tempFile('tools.json', '{"name": "get_weather"}');
    expect(await runCli(['parse', '-', '--tools', tools], run.io)).toBe(2);
    expect(run.stderr()).toContain('must hold a JSON array of tools');
  });

  it('should never fail on hostile output', async () => {
    const hostile = `<tool_call>${'['.repeat(5000)}</tool_call>\u0000<|tool_calls_section_begin|>\ud800[TOOL_CALLS]{{{`;
    const run = memoryIo(hostile);
    expect(await runCli(['parse', '-', '--tools', 'examples/tools.json'], run.io)).toBe(0);
    expect((JSON.parse(run.stdout()) as ParseResult).calls).toEqual([]);
  });
});

describe('tool-call-parser dispatch', () => {
  it('should print help with exit 0 and name every command', async () => {
    const run = memoryIo();
    expect(await runCli(['--help'], run.io)).toBe(0);
    expect(run.stdout()).toMatch(
      /tool-call-parser parse .*\n {2}tool-call-parser replay .*\n {2}tool-call-parser conformance/,
    );
  });

  it('should exit 2 on an unknown command and list the known ones', async () => {
    const run = memoryIo();
    expect(await runCli(['reply', 'log.jsonl'], run.io)).toBe(2);
    expect(run.stderr()).toBe(
      'tool-call-parser: unknown command "reply"; use one of: parse, replay, conformance (tool-call-parser --help)\n',
    );
  });

  it('should print the package version', async () => {
    const run = memoryIo();
    expect(await runCli(['--version'], run.io)).toBe(0);
    expect(run.stdout()).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
