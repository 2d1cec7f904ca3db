import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './io.js';

function cli(args: string[], input = '') {
  return spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
  });
}

describe('the tool-call-parser process', () => {
  it('should exit 2 with one line on stderr for a caller mistake', () => {
    const result = cli(['replay', 'missing.jsonl']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('should exit 0 and print JSON for piped model output', () => {
    const result = cli(
      ['parse', '--format', 'react'],
      'Action: get_weather\nAction Input: {"city": "Ypres"}',
    );
    expect(result.status).toBe(0);
    const parsed = JSON.parse(result.stdout) as { calls: { name: string }[] };
    expect(parsed.calls.map((call) => call.name)).toEqual(['get_weather']);
  });
});
