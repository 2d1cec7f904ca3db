import { describe, expect, it } from 'vitest';
import { createParser, createRepairBudget, createRepairPrompt } from '../../src/index.js';
import { hermes, TOOLS } from '../policy/fixtures.js';

describe('repair loop', () => {
  const parser = createParser({ formats: ['hermes'], tools: TOOLS });

  it('should render one envelope per line under a one-line instruction', () => {
    const result = parser.parse(
      hermes('update_ticket', { id: 'T-9', priority: 'critial' }) + hermes('ghost', {}),
    );
    const lines = createRepairPrompt(result.rejected).split('\n');
    expect(lines[0]).toBe(
      'These tool calls were not run. Fix each one as its error says and emit it again:',
    );
    expect(JSON.parse(lines[1]!)).toMatchObject({
      error: 'tool_validation_failed',
      tool: 'update_ticket',
      field: '/priority',
      received: '"critial"',
    });
    expect(JSON.parse(lines[2]!)).toMatchObject({ error: 'unknown_tool', tool: 'ghost' });
    expect(lines).toHaveLength(3);
  });

  it('should say, given the whole result, that the calls of the turn that ran are not to be emitted again', () => {
    const one = parser.parse(hermes('get_weather', { city: 'A' }) + hermes('ghost', {}));
    expect(createRepairPrompt(one).split('\n')[0]).toBe(
      'These tool calls were not run (the other call of your turn was run: do not emit it again). Fix each one as its error says and emit it again:',
    );
    const two = parser.parse(
      hermes('get_weather', { city: 'A' }) +
        hermes('ghost', {}) +
        hermes('get_weather', { city: 'B' }),
    );
    expect(createRepairPrompt(two).split('\n')[0]).toContain(
      'the other 2 calls of your turn were run: do not emit them again',
    );
    // Given the rejections alone, it cannot tell, and says nothing of other calls.
    expect(createRepairPrompt(two.rejected).split('\n')[0]).toBe(
      'These tool calls were not run. Fix each one as its error says and emit it again:',
    );
  });

  it('should accept the whole result and return nothing when nothing was refused', () => {
    expect(createRepairPrompt(parser.parse(hermes('get_weather', { city: 'A' })))).toBe('');
  });

  it('should allow two repair turns per step by default and then refuse', () => {
    const budget = createRepairBudget();
    expect([budget.tryRepair('s1'), budget.tryRepair('s1'), budget.tryRepair('s1')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(budget.remaining('s1')).toBe(0);
    expect(budget.tryRepair('s2')).toBe(true);
    budget.reset('s1');
    expect(budget.remaining('s1')).toBe(2);
  });

  it('should honour maxRepairs and refuse a bad one with a TypeError', () => {
    const budget = createRepairBudget({ maxRepairs: 1 });
    expect([budget.tryRepair(), budget.tryRepair()]).toEqual([true, false]);
    expect(() => createRepairBudget({ maxRepairs: 1.5 })).toThrow(/non-negative integer/);
  });
});
