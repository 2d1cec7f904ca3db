import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Property and corpus tests do real work; the machines are shared and slow.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
