// Lint for the kit, the simulator, the gateway and the tests: typescript-eslint's recommended
// rules, Lit's template rules and lit-a11y's accessibility rules for templates. Formatting is
// Prettier's job (`npm run format:check`), so no stylistic rules here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'gateway/dist/**',
      'cdn/**',
      '.bench/**',
      'custom-elements.json',
      'tmp/**',
      'docs-site/**',
      'examples/**/node_modules/**',
      'examples/**/dist/**',
      'integrations/**/vendor/**',
      'integrations/**/cdn/**',
      '**/*.min.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  lit.configs['flat/recommended'],
  litA11y.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_`-prefixed names are deliberate: a callback's unused position, a destructured rest.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Two objects that refer to each other are declared first and assigned once, later.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['**/*.test.ts', 'test/**', 'bench/**'],
    rules: {
      // Tests reach into shadow roots and fixtures with non-null assertions and loose casts.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // Chai's property assertions (`expect(x).to.be.true`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
