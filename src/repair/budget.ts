/**
 * A repair budget: how many repair turns one tool step may take before the caller stops asking
 * the model and escalates (a smaller schema, a human). Unbounded repair loops burn a context
 * window on one bad enum; two turns is the production guide's default.
 */

/** Options of {@link createRepairBudget}. */
export interface RepairBudgetOptions {
  /** Repair turns allowed per step. Default 2. */
  maxRepairs?: number;
}

/** Counts repair turns per step. */
export interface RepairBudget {
  /**
   * Takes one repair turn for a step, if any is left.
   *
   * @param step - The step's key (a tool step id); default `'default'`.
   * @returns True when the turn may be taken; false when the step's budget is spent.
   */
  tryRepair(step?: string): boolean;
  /** Repair turns left for a step. */
  remaining(step?: string): number;
  /** Forgets a step (after it succeeded), or every step when none is given. */
  reset(step?: string): void;
}

/**
 * Creates a repair budget.
 *
 * @param options - `maxRepairs` per step (default 2).
 * @returns The budget.
 * @throws TypeError when `maxRepairs` is not a non-negative integer.
 * @example
 * ```ts
 * const budget = createRepairBudget({ maxRepairs: 2 });
 * if (result.rejected.length > 0 && budget.tryRepair('step-1')) messages.push(createRepairPrompt(result));
 * ```
 */
export function createRepairBudget(options: RepairBudgetOptions = {}): RepairBudget {
  const maxRepairs = options.maxRepairs ?? 2;
  if (!Number.isInteger(maxRepairs) || maxRepairs < 0) {
    throw new TypeError(
      `createRepairBudget: maxRepairs must be a non-negative integer such as 2; got ${String(maxRepairs)}`,
    );
  }
  const used = new Map<string, number>();
  return {
    tryRepair(step = 'default') {
      const count = used.get(step) ?? 0;
      if (count >= maxRepairs) return false;
      used.set(step, count + 1);
      return true;
    },
    remaining: (step = 'default') => maxRepairs - (used.get(step) ?? 0),
    reset(step) {
      if (step === undefined) used.clear();
      else used.delete(step);
    },
  };
}
