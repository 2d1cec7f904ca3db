import { describe, expect, it } from 'vitest';
import { readCpuTicks, stealShare } from '../../scripts/bench/steal.js';

describe('stealShare', () => {
  it('should give the stolen share of the CPU time between two readings', () => {
    expect(stealShare({ steal: 10, total: 1000 }, { steal: 30, total: 1400 })).toBeCloseTo(0.05);
    expect(stealShare({ steal: 10, total: 1000 }, { steal: 10, total: 2000 })).toBe(0);
  });

  it('should give nothing without two readings or without time between them', () => {
    expect(stealShare(undefined, { steal: 1, total: 2 })).toBeUndefined();
    expect(stealShare({ steal: 1, total: 2 }, undefined)).toBeUndefined();
    expect(stealShare({ steal: 1, total: 2 }, { steal: 1, total: 2 })).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')('should read the counters on Linux', () => {
    const ticks = readCpuTicks();
    expect(ticks?.total).toBeGreaterThan(0);
    expect(ticks?.steal).toBeGreaterThanOrEqual(0);
    expect(ticks?.steal).toBeLessThanOrEqual(ticks?.total ?? 0);
  });
});
