// Lint: typescript-eslint's recommended rules, and eslint-plugin-regexp to catch regular
// expressions with catastrophic backtracking (model output is hostile input).
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'src/generated/',
      'examples/custom-format/generated/',
      'node_modules/',
      'coverage/',
    ],
  },
  ...tseslint.configs.recommended,
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // Style only: `[eE]` reads as plainly as an `i` flag in a JSON number pattern.
      'regexp/use-ignore-case': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
);
