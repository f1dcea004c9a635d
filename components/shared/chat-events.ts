/** Events of the shared chat parts (composer and message list), used by the live chat and the AI panel. */

export interface ComposerSendDetail {
  /** The draft, trimmed. May be empty when only attachments are sent. */
  text: string;
}
export interface ComposerAttachDetail {
  files: File[];
}
export interface ComposerKeyDetail {
  key: string;
}
export interface ComposerTypingDetail {
  typing: boolean;
}
export interface ComposerInputDetail {
  value: string;
}
export interface MessageActionDetail {
  /** Key of the message the action belongs to. */
  key: string;
  /** For quick replies: what to send and what was shown. */
  value?: string;
  label?: string;
}

export interface AttachmentOpenDetail {
  name: string;
  /** The image to show (a raster image URL). */
  image: string;
  /** Where the file downloads. */
  href: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    /** The visitor asked to send the draft (Enter or the send button). Cancel it to keep the draft. */
    'sportello-composer-send': CustomEvent<ComposerSendDetail>;
    /** Files chosen by picker, drop or paste. */
    'sportello-composer-attach': CustomEvent<ComposerAttachDetail>;
    /** An attachment chip's remove (or retry) button. */
    'sportello-composer-remove': CustomEvent<ComposerKeyDetail>;
    'sportello-composer-retry-upload': CustomEvent<ComposerKeyDetail>;
    /** Typing started / stopped (throttled: at most one `true` every few seconds). */
    'sportello-composer-typing': CustomEvent<ComposerTypingDetail>;
    /** The draft changed (to keep it across reloads). */
    'sportello-composer-input': CustomEvent<ComposerInputDetail>;
    /** Retry of a failed message in the list. */
    'sportello-message-retry': CustomEvent<MessageActionDetail>;
    /** A quick-reply button of a bot message. */
    'sportello-quick-reply': CustomEvent<MessageActionDetail>;
    /** An image attachment was activated; cancel it to show the image in place of following the link. */
    'sportello-attachment-open': CustomEvent<AttachmentOpenDetail>;
  }
}
export {};
