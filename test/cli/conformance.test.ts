import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { memoryIo } from './io.js';

function corpus(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tcp-corpus-'));
  const cases = [
    {
      id: 'local/hermes/one',
      format: 'hermes',
      input: '<tool_call>{"name": "get_weather", "arguments": {"city": "Namur"}}</tool_call>',
      expected: { calls: [{ name: 'get_weather', arguments: { city: 'Namur' } }], content: '' },
    },
    {
      id: 'local/mistral/wrong-on-purpose',
      format: 'mistral',
      input: '[TOOL_CALLS]get_weather[ARGS]{"city": "Liège"}',
      expected: { calls: [{ name: 'get_weather', arguments: { city: 'Mons' } }], content: null },
    },
  ];
  writeFileSync(join(dir, 'local.jsonl'), cases.map((entry) => JSON.stringify(entry)).join('\n'));
  return dir;
}

describe('tool-call-parser conformance', () => {
  it('should run a corpus folder and close with the pass count', async () => {
    const run = memoryIo();
    expect(await runCli(['conformance', corpus()], run.io)).toBe(0);
    expect(run.stdout()).toMatch(/^hermes\s+1\s+1\s+1$/m);
    expect(run.stdout()).toMatch(/^mistral\s+0\s+0\s+1$/m);
    expect(run.stdout()).toMatch(/^conformance: 1 passed, 1 failed$/m);
  });

  it('should list why a case failed with --verbose', async () => {
    const run = memoryIo();
    await runCli(['conformance', corpus(), '--verbose'], run.io);
    expect(run.stdout()).toContain('FAIL local/mistral/wrong-on-purpose: calls: got');
  });

  it('should print the runner report with --json', async () => {
    const run = memoryIo();
    await runCli(['conformance', corpus(), '--json'], run.io);
    expect(JSON.parse(run.stdout())).toMatchObject({
      total: 2,
      passed: 1,
      failures: ['local/mistral/wrong-on-purpose'],
    });
  });

  it('should exit 2 without a corpus path or with a missing one', async () => {
    const none = memoryIo();
    expect(await runCli(['conformance'], none.io)).toBe(2);
    expect(none.stderr()).toContain('give corpus files or folders');
    const missing = memoryIo();
    expect(await runCli(['conformance', 'no-such-corpus'], missing.io)).toBe(2);
    expect(missing.stderr()).toMatch(
      /^tool-call-parser: conformance: ENOENT.*; check the corpus path\n$/,
    );
  });

  it('should exit 2 naming the line of a case without the fields a case needs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tcp-corpus-'));
    const good = { format: 'hermes', input: 'x', expected: { calls: [], content: 'x' } };
    const lacking = { format: 'hermes', input: 'y', expected: { calls: [] } };
    writeFileSync(
      join(dir, 'short.jsonl'),
      [good, lacking].map((c) => JSON.stringify(c)).join('\n'),
    );
    const run = memoryIo();
    expect(await runCli(['conformance', dir], run.io)).toBe(2);
    expect(run.stderr()).toContain(
      'line 2: a tool-calls case needs "expected.content": a string or null',
    );
  });
});
