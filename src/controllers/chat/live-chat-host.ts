/** What the live-chat controller asks of the element it serves (the chat window). */
import type { ReactiveControllerHost } from 'lit';
import type { ChatClient, ChatDestinations, WidgetConfig } from '../../services/chat.js';
import type { TokenProvider } from '../../transport/auth.js';
import type { ServiceError } from '../../transport/errors.js';
import type { TabEnvironment } from '../../realtime/tab-environment.js';

export interface LiveChatHost extends ReactiveControllerHost, HTMLElement {
  /** Options read when the chat loads. */
  chatOptions(): {
    endpoint: string;
    widgetKey: string;
    language: string;
    destinations?: Partial<ChatDestinations> | undefined;
    stomp?: ChatClient['options']['stomp'];
    /** Browser features for sharing one socket between tabs (tests take them away); default the page's. */
    tabs?: TabEnvironment | undefined;
    /** Keep ended chats on this device for the visitor to read again (default true). */
    keepPastChats?: boolean | undefined;
    /** The gateway's visitor token, sent when the socket connects (the gateway checks it and names the visitor). */
    visitorToken?: string | undefined;
    /** Where that token comes from: REST calls carry it too (the gateway scopes a chat to its owner). */
    tokenProvider?: TokenProvider | undefined;
  };
  /** The widget's configuration arrived. */
  onConfig?(config: WidgetConfig): void;
  /** Called for every failure the element must show and report. */
  onChatError(operation: string, error: ServiceError | Error): void;
  /** New messages from others (to count unread while closed). */
  onIncoming?(count: number): void;
  /** The chat ended (operator or visitor closed it). */
  onChatEnded?(idChat: string): void;
  onChatStarted?(idChat: string): void;
}
