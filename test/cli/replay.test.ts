import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/parser.js';
import { compareReports } from '../../src/cli/replay/compare.js';
import { renderHtml } from '../../src/cli/replay/html.js';
import { createProgress } from '../../src/cli/replay/progress.js';
import { createTally, type ReplayReport } from '../../src/cli/replay/tally.js';
import { runCli } from '../../src/cli/run.js';
import { memoryIo } from './io.js';

const EXAMPLES = ['replay', 'examples/transcripts.jsonl', '--tools', 'examples/tools.json'];

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'tcp-replay-'));
}

async function replayExamples(extra: string[] = []) {
  const run = memoryIo();
  const code = await runCli([...EXAMPLES, ...extra], run.io);
  return { code, ...run };
}

describe('tool-call-parser replay on the bundled transcripts', () => {
  it('should count every output and name each model in the summary', async () => {
    const { code, stdout } = await replayExamples();
    expect(code).toBe(0);
    expect(stdout()).toMatch(/^replay: 41 outputs, /m);
    for (const model of [
      'qwen3-coder-30b',
      'kimi-k2-instruct',
      'deepseek-v3.1',
      'mistral-small-3.2',
      'minimax-m3',
      'kimi-k3',
      'functiongemma-270m',
    ]) {
      expect(stdout()).toContain(model);
    }
  });

  it('should write a JSON report whose figures match the outputs', async () => {
    const out = join(scratch(), 'report.json');
    const { stderr } = await replayExamples(['--out', out]);
    const report = JSON.parse(readFileSync(out, 'utf8')) as ReplayReport;
    expect(stderr()).toContain(`wrote ${out}`);
    expect(report.totals.outputs).toBe(41);
    expect(report.skippedCount).toBe(0);
    // Three calls to tools the manifest does not have, each in its own syntax.
    for (const tool of ['get_forecast', 'run_shell', 'book_flight']) {
      expect(report.tools[tool]?.rejections).toEqual({ 'unknown-tool': 1 });
      expect(report.tools[tool]?.unknownToolRate).toBe(1);
    }
    // Kimi's third output is cut off in the middle of its arguments.
    expect(report.models['kimi-k2-instruct']?.rejections).toEqual({ incomplete: 1 });
    expect(report.formats['mistral']?.accepted).toBe(3);
    // MiniMax-M3's three calls, one of them with its first argument's open tag left out.
    expect(report.formats['minimax_m3']?.accepted).toBe(3);
    // Kimi K3's three calls, typed by their tags, one after a think channel left open.
    expect(report.formats['kimi_k3']?.accepted).toBe(3);
    // FunctionGemma's two calls, one of them repeated without its open token (left as text).
    expect(report.formats['functiongemma']?.accepted).toBe(2);
    // 'query', 'rate limits' and 'limit' are each single-quoted.
    expect(report.formats['mistral']?.repairs).toEqual({ 'single-quoted-string': 3 });
    // "kelvin" is not in get_weather's unit enum.
    expect(report.models['router-7b']?.validationFailures).toBe(1);
    // pythonic is a bare syntax: in auto mode its calls count as fallbacks.
    expect(report.formats['pythonic']?.fallbackRate).toBe(1);
    expect(report.formats['hermes']?.fallbackRate).toBe(0);
  });

  it('should report no regression against its own report', async () => {
    const out = join(scratch(), 'report.json');
    await replayExamples(['--out', out]);
    const { code, stdout } = await replayExamples(['--baseline', out]);
    expect(code).toBe(0);
    expect(stdout()).toContain('  no rate changed\nbaseline: no regression\n');
  });

  it('should exit 1 and name the rate when a figure got worse than the baseline', async () => {
    const out = join(scratch(), 'report.json');
    await replayExamples(['--out', out]);
    const baseline = JSON.parse(readFileSync(out, 'utf8')) as ReplayReport;
    const kimi = baseline.models['kimi-k2-instruct'];
    if (kimi === undefined) throw new Error('kimi-k2-instruct missing from the report');
    kimi.parseRate = 1;
    const unknown = baseline.models['qwen3-coder-30b'];
    if (unknown === undefined) throw new Error('qwen3-coder-30b missing from the report');
    unknown.unknownToolRate = 0;
    writeFileSync(out, JSON.stringify(baseline));
    const { code, stdout } = await replayExamples(['--baseline', out]);
    expect(code).toBe(1);
    expect(stdout()).toContain(
      'REGRESSION model kimi-k2-instruct: parse rate 100.0% -> 75.0% (-25.0 pts)',
    );
    expect(stdout()).toContain(
      'REGRESSION model qwen3-coder-30b: unknown-tool rate 0.0% -> 33.3% (+33.3 pts)',
    );
    expect(stdout()).toMatch(/^baseline: 2 regressions$/m);
  });

  it('should let --tolerance absorb a small move', async () => {
    const out = join(scratch(), 'report.json');
    await replayExamples(['--out', out]);
    const baseline = JSON.parse(readFileSync(out, 'utf8')) as ReplayReport;
    baseline.totals.parseRate += 0.015;
    writeFileSync(out, JSON.stringify(baseline));
    expect((await replayExamples(['--baseline', out])).code).toBe(1);
    expect((await replayExamples(['--baseline', out, '--tolerance', '2'])).code).toBe(0);
  });

  it('should write a self-contained HTML page with one chart per grouping', async () => {
    const html = join(scratch(), 'report.html');
    await replayExamples(['--html', html]);
    const page = readFileSync(html, 'utf8');
    expect(page.match(/<svg /g)).toHaveLength(5);
    expect(page).toContain('<h2>By model</h2>');
    expect(page).toContain('<title>kimi-k2-instruct: parse rate 75.0%</title>');
    expect(page).not.toMatch(/https?:|<script|<link|src=/);
  });
});

describe('tool-call-parser replay on awkward logs', () => {
  it('should skip lines that are not log entries and say which', async () => {
    const dir = scratch();
    const log = join(dir, 'log.jsonl');
    writeFileSync(
      log,
      [
        '{"model": "m", "output": "[TOOL_CALLS]get_weather[ARGS]{\\"city\\": \\"Oslo\\"}"}',
        'not json',
        '',
        '{"model": "m", "text": "no output field"}',
        '{"model": "m", "output": "hi", "tools": {"name": "x"}}',
      ].join('\n'),
    );
    const run = memoryIo();
    expect(await runCli(['replay', log, '--out', join(dir, 'r.json')], run.io)).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as ReplayReport;
    expect(report.lines).toBe(4);
    expect(report.totals.outputs).toBe(1);
    expect(report.skipped).toEqual([
      { line: 2, message: 'not a JSON object' },
      { line: 4, message: 'no string "output" field' },
      {
        line: 5,
        message:
          'its "tools" must hold a JSON array of tools such as [{"name":"get_weather","parameters":{...}}]',
      },
    ]);
    expect(run.stdout()).toContain('skipped 3 line(s), first: line 2: not a JSON object');
  });

  it('should use the tools a log line carries instead of --tools', async () => {
    const dir = scratch();
    const log = join(dir, 'log.jsonl');
    const tools = [{ name: 'ping', parameters: { type: 'object', properties: {} } }];
    writeFileSync(
      log,
      JSON.stringify({
        model: 'm',
        output: '<tool_call>{"name": "ping", "arguments": {}}</tool_call>',
        tools,
      }),
    );
    const run = memoryIo();
    await runCli(
      ['replay', log, '--tools', 'examples/tools.json', '--out', join(dir, 'r.json')],
      run.io,
    );
    const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as ReplayReport;
    expect(report.tools['ping']?.accepted).toBe(1);
  });

  it('should exit 2 with a fix for a missing log, a missing argument or a bad baseline', async () => {
    const missing = memoryIo();
    expect(await runCli(['replay', 'nope.jsonl'], missing.io)).toBe(2);
    expect(missing.stderr()).toMatch(
      /^tool-call-parser: replay: no log file at "nope.jsonl"; check the path/,
    );
    const none = memoryIo();
    expect(await runCli(['replay'], none.io)).toBe(2);
    expect(none.stderr()).toContain('e.g. tool-call-parser replay examples/transcripts.jsonl');
    const bad = memoryIo();
    expect(await runCli([...EXAMPLES, '--baseline', 'examples/tools.json'], bad.io)).toBe(2);
    expect(bad.stderr()).toContain('"examples/tools.json" is not a replay report');
    expect(bad.stderr().split('\n')).toHaveLength(2);
  });
});

describe('replay figures', () => {
  it('should count tool syntax that yields no call as a failed attempt', () => {
    const tally = createTally(() => false);
    tally.add(
      'm',
      createParser({ formats: ['hermes'] }).parse('<tool_call>this is not json</tool_call>'),
    );
    const report = tally.report('log');
    expect(report.totals.attempts).toBe(1);
    expect(report.totals.parseRate).toBe(0);
  });

  it('should not compare a rate whose denominator is zero on one side', () => {
    const tally = createTally(() => false);
    const empty = tally.report('log');
    const parser = createParser({ formats: ['hermes'] });
    const other = createTally(() => false);
    other.add(undefined, parser.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>'));
    expect(compareReports(other.report('log'), empty, 0).changes).toEqual([]);
  });

  it('should escape model-chosen names in the HTML page', () => {
    const tally = createTally(() => false);
    tally.add('<img onerror=x>', createParser().parse('no calls here'));
    const page = renderHtml(tally.report('log'));
    expect(page).toContain('&lt;img onerror=x&gt;');
    expect(page).not.toContain('<img');
  });
});

describe('replay progress bar', () => {
  function fakeStderr(isTTY: boolean) {
    let written = '';
    const stream = { isTTY, columns: 60, write: (text: string) => ((written += text), true) };
    return { stream: stream as never, written: () => written };
  }

  it('should draw on a terminal and erase itself at the end', () => {
    const stderr = fakeStderr(true);
    let clock = 0;
    const progress = createProgress(stderr.stream, 1000, {
      minBytes: 0,
      now: () => (clock += 200),
    });
    progress.update(500);
    progress.update(1000);
    progress.done();
    expect(stderr.written()).toContain('replay [###############...............] 50%');
    expect(stderr.written()).toContain('100%');
    expect(stderr.written().endsWith('\r')).toBe(true);
  });

  it('should stay silent when stderr is not a terminal', () => {
    const stderr = fakeStderr(false);
    const progress = createProgress(stderr.stream, 10_000_000, { minBytes: 0 });
    progress.update(5_000_000);
    progress.done();
    expect(stderr.written()).toBe('');
  });
});
