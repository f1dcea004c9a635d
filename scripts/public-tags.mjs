// The one list of the elements a page uses (each with its own npm entry), read by everything that
// goes over them all: `npm run check:package` (each must be in custom-elements.json and the types),
// scripts/framework-types.ts (Vue, JSX and editor types), the documentation site (docs/: one page each) and
// the late-properties browser test (every property of each, set late). Internal parts are not here.
export const PUBLIC_TAGS = [
  'sportello-ai-chat',
  'sportello-live-chat',
  'sportello-sign-viewer',
  'sportello-sign-composer',
  'sportello-desk-form',
  'sportello-desk-request',
  'sportello-desk-requests',
  'sportello-config',
];
