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
      'Your tool calls were not run. Fix each one as its error says and emit them again:',
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
