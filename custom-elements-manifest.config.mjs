// custom-elements.json is generated from the elements' JSDoc, never written by hand.

/**
 * Our elements register through the guarded `SportelloElement.define('tag', Class)` (or any
 * `X.define('sportello-…', Y)`), which the analyzer does not know: this plugin records those calls
 * as custom-element definitions so every element gets its tag name in the manifest.
 */
function sportelloDefinePlugin() {
  /** Per module path and class name: the names the class itself declares (see ownFieldNames). */
  const ownFields = new Map();
  return {
    name: 'sportello-define',
    analyzePhase({ ts, node, moduleDoc }) {
      if (ts.isClassDeclaration(node) && node.name)
        ownFields.set(`${moduleDoc.path}#${node.name.text}`, ownFieldNames(ts, node));
      if (!ts.isCallExpression(node)) return;
      const callee = node.expression;
      if (!ts.isPropertyAccessExpression(callee) || callee.name.getText() !== 'define') return;
      if (ts.isIdentifier(callee.expression) && callee.expression.getText() === 'customElements') return; // the analyzer's own case
      const [tagArg, classArg] = node.arguments;
      if (!tagArg || !ts.isStringLiteral(tagArg) || !tagArg.text.startsWith('sportello-')) return;
      const className =
        classArg && ts.isIdentifier(classArg)
          ? classArg.getText()
          : ts.isIdentifier(callee.expression)
            ? callee.expression.getText()
            : undefined;
      if (!className) return;
      const declaration = moduleDoc.declarations?.find((d) => d.name === className);
      if (declaration) {
        declaration.tagName = tagArg.text;
        declaration.customElement = true;
      }
      moduleDoc.exports = [
        ...(moduleDoc.exports ?? []).filter((e) => !(e.kind === 'custom-element-definition' && e.name === tagArg.text)),
        {
          kind: 'custom-element-definition',
          name: tagArg.text,
          declaration: { name: className, ...(declaration ? {} : { module: moduleDoc.path }) },
        },
      ];
    },
    packageLinkPhase({ customElementsManifest }) {
      // `new CustomEvent(name, …)` inside a typed helper is recorded as an event called `name`:
      // event names always contain a dash (ours are `sportello-*`), identifiers never do.
      for (const mod of customElementsManifest.modules ?? []) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.events) declaration.events = declaration.events.filter((e) => e.name?.includes('-'));
          // The analyzer takes `this.frame.id = '…'` in a constructor for a field `id` of the element
          // itself (<sportello-live-chat> was documented with id 'chat-window', className 'badge',
          // type 'button', adoptedStyleSheets): keep only fields the class declares or inherits.
          const own = ownFields.get(`${mod.path}#${declaration.name}`);
          if (own && declaration.members) {
            declaration.members = declaration.members.filter(
              (m) => m.kind !== 'field' || m.inheritedFrom || own.has(m.name),
            );
          }
        }
      }
    },
  };
}

/**
 * What a class declares as its own: property declarations, accessors, methods, parameter
 * properties, and `this.x = …` anywhere in its body (only where the target is `this` itself).
 */
function ownFieldNames(ts, classNode) {
  const names = new Set();
  for (const member of classNode.members) {
    if (
      member.name &&
      (ts.isIdentifier(member.name) || ts.isPrivateIdentifier(member.name) || ts.isStringLiteral(member.name))
    )
      names.add(member.name.text);
    if (ts.isConstructorDeclaration(member)) {
      for (const param of member.parameters)
        if (ts.isIdentifier(param.name) && param.modifiers?.length) names.add(param.name.text);
    }
  }
  const visit = (node) => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = node.left;
      if (ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword)
        names.add(target.name.text);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(classNode, visit);
  return names;
}

/**
 * Private members (TypeScript `private`, `#names`) are not API: the docs never show them, and they
 * were a quarter of the manifest that every npm install carries.
 */
function dropPrivateMembersPlugin() {
  return {
    name: 'sportello-drop-private-members',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? [])
        for (const declaration of mod.declarations ?? [])
          if (declaration.members)
            declaration.members = declaration.members.filter(
              (member) => member.privacy !== 'private' && !member.name?.startsWith('#'),
            );
    },
  };
}

export default {
  globs: ['components/**/*.ts'],
  // emoji-data: generated word lists (scripts/emoji-data.mjs), no element API; they made the manifest 1.4 MB.
  exclude: ['**/*.test.ts', '**/*.styles.ts', 'components/shared/emoji-data/**'],
  outdir: '.',
  litelement: true,
  plugins: [sportelloDefinePlugin(), dropPrivateMembersPlugin()],
};
