// `sportello/desk-form.js` (and `cdn/desk-form.js`): defines <sportello-desk-form> and its follow-up view
// <sportello-desk-request>.
export * from '../components/desk-form/index.js';
