import { describe, expect, it } from 'vitest';
import { pairedRatios } from '../../scripts/bench/measure.js';

describe('pairedRatios', () => {
  it('should give the floor 1 and each task a ratio from batches timed between floor batches', () => {
    const order: string[] = [];
    let last = '';
    // Records each switch from one function to another, so the floor-task-floor order shows.
    const track = (name: string) => () => {
      if (name !== last) order.push(name);
      last = name;
      let sum = 0;
      for (let index = 0; index < 2_000; index += 1) sum += index;
      return sum;
    };
    const floor = { id: 'floor', fn: track('floor') };
    const task = { id: 'task', fn: track('task') };
    const ratios = pairedRatios(floor, [floor, task], 3);
    expect(ratios.get('floor')).toBe(1);
    const ratio = ratios.get('task') ?? Number.NaN;
    expect(Number.isFinite(ratio) && ratio > 0).toBe(true);
    // After the two sizing runs, three triples: floor, task, floor, floor, task, floor...
    expect(order.slice(2)).toEqual(['floor', 'task', 'floor', 'task', 'floor', 'task', 'floor']);
  });
});
