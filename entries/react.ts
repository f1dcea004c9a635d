/**
 * React wrappers (`import { SportelloAiChat } from 'sportello/react'`), made by `@lit/react`:
 * properties go in as props (objects and functions too: `tokenProvider`, `catalog`, `prefill`),
 * and each `sportello-*` DOM event has an `on…` prop whose event is typed from the element's own
 * entry in `GlobalEventHandlersEventMap`, so a detail type changed in an element changes here.
 *
 * React 18 sets unknown props on custom elements as attributes (strings only) and has no way to
 * listen to custom events: these wrappers are what a React 18 portal needs. React 19 handles both
 * natively; the wrappers still give it typed props. Importing this module defines every element.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import { SportelloAiChat as AiChatElement } from '../components/ai-chat/index.js';
import { SportelloLiveChat as LiveChatElement } from '../components/live-chat/index.js';
import { SportelloSignViewer as SignViewerElement } from '../components/sign-viewer/index.js';
import { SportelloSignComposer as SignComposerElement } from '../components/sign-composer/index.js';
import {
  SportelloDeskForm as DeskFormElement,
  SportelloDeskRequest as DeskRequestElement,
} from '../components/desk-form/index.js';
import { SportelloDeskRequests as DeskRequestsElement } from '../components/desk-requests/index.js';
import { SportelloConfigElement } from '../components/shared/sportello-config.js';

type Events = GlobalEventHandlersEventMap;
/** The typed event name of `sportello-…` for an `on…` prop. */
const event = <K extends keyof Events>(name: K) => name as EventName<Events[K]>;

const error = event('sportello-error');

export const SportelloLiveChat = createComponent({
  react: React,
  tagName: 'sportello-live-chat',
  elementClass: LiveChatElement,
  displayName: 'SportelloLiveChat',
  events: {
    onChatOpen: event('sportello-chat-open'),
    onChatClose: event('sportello-chat-close'),
    onChatStarted: event('sportello-chat-started'),
    onChatEnded: event('sportello-chat-ended'),
    onError: error,
  },
});

export const SportelloAiChat = createComponent({
  react: React,
  tagName: 'sportello-ai-chat',
  elementClass: AiChatElement,
  displayName: 'SportelloAiChat',
  events: {
    onHandoff: event('sportello-handoff'),
    onUsage: event('sportello-usage'),
    onAiMessage: event('sportello-ai-message'),
    onError: error,
  },
});

export const SportelloSignViewer = createComponent({
  react: React,
  tagName: 'sportello-sign-viewer',
  elementClass: SignViewerElement,
  displayName: 'SportelloSignViewer',
  events: {
    onSignStatus: event('sportello-sign-status'),
    onSignOpen: event('sportello-sign-open'),
    onSignDownload: event('sportello-sign-download'),
    onError: error,
  },
});

export const SportelloSignComposer = createComponent({
  react: React,
  tagName: 'sportello-sign-composer',
  elementClass: SignComposerElement,
  displayName: 'SportelloSignComposer',
  events: {
    onSignSent: event('sportello-sign-sent'),
    onSignDraftSaved: event('sportello-sign-draft-saved'),
    onError: error,
  },
});

export const SportelloDeskForm = createComponent({
  react: React,
  tagName: 'sportello-desk-form',
  elementClass: DeskFormElement,
  displayName: 'SportelloDeskForm',
  events: {
    onBeforeSubmit: event('sportello-before-submit'),
    onRequestCreated: event('sportello-request-created'),
    onCommentAdded: event('sportello-comment-added'),
    onError: error,
  },
});

export const SportelloDeskRequest = createComponent({
  react: React,
  tagName: 'sportello-desk-request',
  elementClass: DeskRequestElement,
  displayName: 'SportelloDeskRequest',
  events: {
    onCommentAdded: event('sportello-comment-added'),
    onError: error,
  },
});

export const SportelloDeskRequests = createComponent({
  react: React,
  tagName: 'sportello-desk-requests',
  elementClass: DeskRequestsElement,
  displayName: 'SportelloDeskRequests',
  events: {
    onRequestSelected: event('sportello-request-selected'),
    onError: error,
  },
});

/** `<sportello-config>`: shared endpoint, token provider and strings for the elements inside it. */
export const SportelloConfig = createComponent({
  react: React,
  tagName: 'sportello-config',
  elementClass: SportelloConfigElement,
  displayName: 'SportelloConfig',
});
