/**
 * The whole kit for a script tag: importing this module defines every element.
 * Heavy parts (pdf.js, markdown, STOMP) load on demand from chunks beside this file.
 */
import '../components/shared/sportello-config.js';
import '../components/ai-chat/index.js';
import '../components/live-chat/index.js';
import '../components/sign-viewer/index.js';
import '../components/desk-form/index.js';

export { configure, type SportelloConfig, type TokenProvider } from './config.js';
export { ServiceError, isServiceError, type ErrorKind, type ServiceName } from './transport/errors.js';
export { SportelloConfigElement } from '../components/shared/sportello-config.js';
