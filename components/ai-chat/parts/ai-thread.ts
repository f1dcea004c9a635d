import { SportelloMessageList } from '../../shared/message-list.js';
import { controlStyles } from '../ai-chat.styles.js';
import { answerStyles } from './answer.styles.js';
import { answerExtrasStyles } from './answer-extras.styles.js';
import { errorNoticeStyles } from '../../shared/error-notice.js';

/**
 * The AI panel's thread: the shared message list (windowing, following the end, the reader's place
 * kept while an answer grows below, "new messages") with the answers' styles in its shadow root,
 * where the panel's `renderBody` puts them.
 *
 * @summary The shared message list, styled for AI answers (used inside `<sportello-ai-chat>`).
 */
export class SportelloAiThread extends SportelloMessageList {
  static override styles = [
    ...SportelloMessageList.styles,
    controlStyles,
    answerStyles,
    answerExtrasStyles,
    errorNoticeStyles,
  ];
}

SportelloMessageList.define('sportello-ai-thread', SportelloAiThread);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-ai-thread': SportelloAiThread;
  }
}
