// `sportello/config.js` (and `cdn/config.js`): defines <sportello-config>, the shared configuration of the
// elements below it. `sportello.js` defines it the first time the tag appears.
export * from '../components/shared/sportello-config.js';
