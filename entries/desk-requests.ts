// `sportello/desk-requests.js` (and `cdn/desk-requests.js`): defines <sportello-desk-requests> ("my requests")
// and <sportello-desk-request>, which it opens.
export * from '../components/desk-requests/index.js';
