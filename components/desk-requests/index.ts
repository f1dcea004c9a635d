// Entry for <sportello-desk-requests> ("my requests"); it also defines <sportello-desk-request>, which it opens.
export { SportelloDeskRequests } from './desk-requests.js';
export type { DeskRequestSelectedDetail } from './events.js';
export type { RequestRow, RequestPage } from '../../src/services/desk.js';
