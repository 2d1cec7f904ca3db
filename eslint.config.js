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
  {
    // A list spread into arguments overflows the stack past about 125,000 items, and in the
    // library a list may be as long as the model made it (repairs, fragments, calls).
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='push'] > SpreadElement",
          message:
            'push(...list) overflows the stack on a long list: use appendAll (src/append.ts).',
        },
        {
          selector: "CallExpression[callee.object.name='Math'] > SpreadElement",
          message: 'Math.max(...list) overflows the stack on a long list: use a loop or reduce.',
        },
      ],
    },
  },
);
