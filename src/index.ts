/**
 * The whole kit for a script tag. Importing this module defines `<sportello-config>` and watches
 * the page: each element's code (and its heavy parts: pdf.js, markdown, STOMP) loads from chunks
 * beside this file the first time its tag appears. Portals that want an element's class import
 * its own entry instead (`sportello/ai-chat.js`, `sportello/live-chat.js`, …).
 */
import '../components/shared/sportello-config.js';
import { watchForElements } from './lazy-elements.js';

export { configure, type SportelloConfig, type TokenProvider } from './config.js';
export { ServiceError, isServiceError, type ErrorKind, type ServiceName } from './transport/errors.js';
export { SportelloConfigElement } from '../components/shared/sportello-config.js';
export { loadElements, LAZY_TAGS } from './lazy-elements.js';

if (typeof document !== 'undefined') watchForElements();
