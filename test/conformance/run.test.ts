import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CorpusCase } from '../../src/conformance/corpus.js';
import { runCase, settingsFor, type CaseSettings } from '../../src/conformance/run.js';

const thinking: CorpusCase = {
  id: 'own/hermes/think-kept',
  source: 'this project',
  format: 'hermes',
  input: '<think>Which city?</think>Rome, then.',
  expected: { calls: [], content: '<think>Which city?</think>Rome, then.' },
  notes: '',
} as CorpusCase;

const looseSchema: CorpusCase = {
  id: 'own/hermes/loose-schema',
  source: 'this project',
  format: 'hermes',
  input: '<tool_call>{"name":"find","arguments":{"q":"owls"}}</tool_call>',
  // Not JSON Schema: the properties sit at the top level.
  tools: [{ name: 'find', parameters: { q: { type: 'string' } } }],
  expected: { calls: [{ name: 'find', arguments: { q: 'owls' } }], content: '' },
  notes: '',
} as CorpusCase;

describe('settingsFor', () => {
  const table: Record<string, CaseSettings> = {
    'a/': { why: 'suite' },
    'a/b/': { why: 'format' },
    'a/b/c': { why: 'case' },
  };

  it('should pick the longest key that prefixes the id', () => {
    expect(settingsFor(table, 'a/b/c')?.why).toBe('case');
    expect(settingsFor(table, 'a/b/d')?.why).toBe('format');
    expect(settingsFor(table, 'a/x')?.why).toBe('suite');
    expect(settingsFor(table, 'z/b/c')).toBeUndefined();
  });
});

describe('runCase with the source test settings', () => {
  it('should compare reasoning in content only when the case runs with keepInContent', () => {
    expect(runCase(thinking).forced).toBe(false);
    const outcome = runCase(thinking, { reasoning: { keepInContent: true }, why: 'test' });
    expect(outcome).toMatchObject({ forced: true, auto: true });
  });

  it('should run without tools only when the settings say so', () => {
    const plain = runCase(looseSchema);
    expect(plain.forced).toBe(false);
    expect(plain.detail).toMatch(/^threw: /);
    expect(runCase(looseSchema, { ignoreTools: true, why: 'test' }).forced).toBe(true);
  });
});

describe('conformance/case-settings.json', () => {
  const settings = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../conformance/case-settings.json'), 'utf8'),
  ) as Record<string, Record<string, unknown>>;

  it.each(Object.entries(settings))(
    'should give %s a reason and only known settings',
    (_, entry) => {
      expect(typeof entry['why']).toBe('string');
      expect((entry['why'] as string).length).toBeGreaterThan(20);
      for (const key of Object.keys(entry)) {
        expect(['why', 'reasoning', 'ignoreTools']).toContain(key);
      }
    },
  );
});
