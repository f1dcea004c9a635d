// The elements the npm package offers a page (each with its own entry): what `npm run check:package`
// requires in custom-elements.json and what scripts/framework-types.ts types for Vue, JSX and editors.
export const PACKAGE_TAGS = [
  'sportello-ai-chat',
  'sportello-live-chat',
  'sportello-sign-viewer',
  'sportello-sign-composer',
  'sportello-desk-form',
  'sportello-desk-request',
  'sportello-desk-requests',
  'sportello-config',
];
