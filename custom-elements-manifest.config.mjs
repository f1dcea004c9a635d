// custom-elements.json is generated from the elements' JSDoc, never written by hand.
export default {
  globs: ['components/**/*.ts'],
  exclude: ['**/*.test.ts', '**/*.styles.ts'],
  outdir: '.',
  litelement: true,
};
