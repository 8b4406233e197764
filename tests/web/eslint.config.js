// ESLint for the browser client (web/): the recommended rules, browser globals, ES modules; and
// for these tests (tests/web/*.js), which run in Node.
import js from '@eslint/js';
import globals from 'globals';

export default [
  js.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser } },
    rules: { 'no-unused-vars': 'error', eqeqeq: 'error', 'no-var': 'error', 'prefer-const': 'error' },
  },
  {
    files: ['tests/web/*.js', '*.js'],
    ignores: ['web/**'],
    languageOptions: { globals: { ...globals.node } },
  },
];
