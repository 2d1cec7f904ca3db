import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['deepseek_v3'], ids: 'sequential' });

const OPEN = '<｜tool▁calls▁begin｜>';
const CLOSE = '<｜tool▁calls▁end｜>';

function call(name: string, args: string): string {
  return `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n${args}\n\`\`\`<｜tool▁call▁end｜>`;
}

describe('deepseek_v3', () => {
  it('should read one call with its name line and fenced JSON arguments', () => {
    const result = parser.parse(
      `${OPEN}${call('convert_currency', '{"amount": 12.5, "to": "EUR"}')}${CLOSE}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'convert_currency',
        arguments: { amount: 12.5, to: 'EUR' },
        format: 'deepseek_v3',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read several calls separated by a newline, in order', () => {
    const text = `${OPEN}${call('list_files', '{"dir": "/tmp"}')}\n${call('read_file', '{"path": "/tmp/a.txt"}')}${CLOSE}`;
    expect(parser.parse(text).calls.map((each) => [each.name, each.arguments])).toEqual([
      ['list_files', { dir: '/tmp' }],
      ['read_file', { path: '/tmp/a.txt' }],
    ]);
  });

  it('should keep the text before the section as content and drop text after its end token', () => {
    const result = parser.parse(
      `Checking the logs first.${OPEN}${call('tail_log', '{"lines": 20}')}${CLOSE}<｜end▁of▁sentence｜>`,
    );
    expect(result.calls.map((each) => each.name)).toEqual(['tail_log']);
    expect(result.content).toBe('Checking the logs first.');
  });

  it('should keep a fence inside a JSON string as argument text', () => {
    const result = parser.parse(
      `${OPEN}${call('save_note', '{"body": "```sh\\nls\\n```"}')}${CLOSE}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ body: '```sh\nls\n```' });
  });

  it('should read arguments written without the fence', () => {
    const result = parser.parse(
      `${OPEN}<｜tool▁call▁begin｜>function<｜tool▁sep｜>ping\n{"host": "example.org"}<｜tool▁call▁end｜>${CLOSE}`,
    );
    expect(result.calls[0]).toEqual(
      expect.objectContaining({ name: 'ping', arguments: { host: 'example.org' } }),
    );
  });

  it('should accept a complete call whose end tokens never came, recording the repair', () => {
    const result = parser.parse(
      `${OPEN}<｜tool▁call▁begin｜>function<｜tool▁sep｜>ping\n\`\`\`json\n{"host": "a"}\n\`\`\``,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({ name: 'ping', arguments: { host: 'a' } }),
    ]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside its arguments', () => {
    const result = parser.parse(
      `${OPEN}<｜tool▁call▁begin｜>function<｜tool▁sep｜>ping\n\`\`\`json\n{"host": "ex`,
    );
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should report arguments that are not JSON and a call without a name', () => {
    const result = parser.parse(
      `${OPEN}${call('ping', 'host=example.org')}${call('', '{}')}${CLOSE}`,
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'malformed-tool-call',
      'malformed-tool-call',
    ]);
  });

  it('should leave a DeepSeek V3.1 section to its own format', () => {
    const text = `${OPEN}<｜tool▁call▁begin｜>ping<｜tool▁sep｜>{"host": "a"}<｜tool▁call▁end｜>${CLOSE}`;
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(false);
    expect(result.content).toBe(text);
    const both = createParser({ formats: ['deepseek_v3', 'deepseek_v31'] }).parse(text);
    expect(both.calls.map((each) => [each.name, each.format])).toEqual([['ping', 'deepseek_v31']]);
  });

  it('should be found in auto mode', () => {
    const auto = createParser({ formats: 'auto' });
    const result = auto.parse(`${OPEN}${call('ping', '{"host": "a"}')}${CLOSE}`);
    expect(result.calls.map((each) => [each.name, each.format])).toEqual([['ping', 'deepseek_v3']]);
  });
});
