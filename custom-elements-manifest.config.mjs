// custom-elements.json is generated from the elements' JSDoc, never written by hand.

/**
 * Our elements register through the guarded `SportelloElement.define('tag', Class)` (or any
 * `X.define('sportello-…', Y)`), which the analyzer does not know: this plugin records those calls
 * as custom-element definitions so every element gets its tag name in the manifest.
 */
function sportelloDefinePlugin() {
  return {
    name: 'sportello-define',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node)) return;
      const callee = node.expression;
      if (!ts.isPropertyAccessExpression(callee) || callee.name.getText() !== 'define') return;
      if (ts.isIdentifier(callee.expression) && callee.expression.getText() === 'customElements') return; // the analyzer's own case
      const [tagArg, classArg] = node.arguments;
      if (!tagArg || !ts.isStringLiteral(tagArg) || !tagArg.text.startsWith('sportello-')) return;
      const className = classArg && ts.isIdentifier(classArg) ? classArg.getText() : ts.isIdentifier(callee.expression) ? callee.expression.getText() : undefined;
      if (!className) return;
      const declaration = moduleDoc.declarations?.find((d) => d.name === className);
      if (declaration) {
        declaration.tagName = tagArg.text;
        declaration.customElement = true;
      }
      moduleDoc.exports = [
        ...(moduleDoc.exports ?? []).filter((e) => !(e.kind === 'custom-element-definition' && e.name === tagArg.text)),
        { kind: 'custom-element-definition', name: tagArg.text, declaration: { name: className, ...(declaration ? {} : { module: moduleDoc.path }) } },
      ];
    },
    packageLinkPhase({ customElementsManifest }) {
      // `new CustomEvent(name, …)` inside a typed helper is recorded as an event called `name`:
      // event names always contain a dash (ours are `sportello-*`), identifiers never do.
      for (const mod of customElementsManifest.modules ?? []) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.events) declaration.events = declaration.events.filter((e) => e.name?.includes('-'));
        }
      }
    },
  };
}

export default {
  globs: ['components/**/*.ts'],
  exclude: ['**/*.test.ts', '**/*.styles.ts', '**/*test-helpers.ts'],
  outdir: '.',
  litelement: true,
  plugins: [sportelloDefinePlugin()],
};
