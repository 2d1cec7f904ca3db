import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { abandonedEnvelope } from '../../src/policy/envelope.js';
import { hermes } from './fixtures.js';

/** The longest string anywhere in a value. */
function longestString(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 0;
  return Math.max(0, ...Object.values(value).map(longestString));
}

describe('rejection envelopes', () => {
  const long = 'k'.repeat(50_000);
  const parser = createParser({
    formats: ['hermes'],
    tools: [
      {
        name: 'pick',
        parameters: {
          type: 'object',
          properties: {
            color: { enum: Array.from({ length: 2000 }, (_, index) => `color-${index}`) },
            shape: { const: 'x'.repeat(1000) },
            nested: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
      },
    ],
  });

  it('should cut a long key in a field pointer, first and in more, keeping its ends', () => {
    // The 50,000-character key was echoed whole, in `field` and again in `more[].field`.
    const envelope = parser.parse(hermes('pick', { [long]: 1, nested: { [long]: 2 } })).rejected[0]
      ?.envelope;
    expect(envelope?.field).toMatch(/^\/k+…k+$/);
    expect(envelope?.more?.[0]?.field).toMatch(/^\/nested\/k+…k+$/);
    expect(longestString(envelope)).toBeLessThanOrEqual(120);
  });

  it('should cut a long unknown tool name wherever the envelope quotes it', () => {
    const envelope = parser.parse(hermes(long, {})).rejected[0]?.envelope;
    expect(envelope).toMatchObject({ error: 'unknown_tool', allowed: ['pick'] });
    expect(envelope?.tool).toHaveLength(120);
    expect(envelope?.received).toHaveLength(120);
    expect(JSON.stringify(envelope).length).toBeLessThan(1000);
  });

  it('should list the first values of a long enum and say how many more there are', () => {
    const envelope = parser.parse(hermes('pick', { color: 'mauve' })).rejected[0]?.envelope;
    expect(envelope?.expected).toMatch(/^one of "color-0" \| "color-1" \| .*, or one of \d+ more$/);
    expect(envelope?.expected?.length).toBeLessThan(400);
    const constant = parser.parse(hermes('pick', { shape: 'y' })).rejected[0]?.envelope;
    expect(constant?.expected?.length).toBeLessThan(140);
  });

  it('should cut a long name in the envelope of a cut-off call', () => {
    const result = parser.parse(`<tool_call>{"name": "${long}", "arguments": {"a": `);
    expect(longestString(result.rejected[0]?.envelope)).toBeLessThanOrEqual(500);
  });

  it('should cut a long name in the envelope of a streamed call given up on', () => {
    expect(abandonedEnvelope(long).tool).toHaveLength(120);
    expect(abandonedEnvelope(undefined)).not.toHaveProperty('tool');
  });
});
