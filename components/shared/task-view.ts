/**
 * The one way an element shows a one-shot task (`@lit/task`): a status line while it is pending,
 * the error notice — the visitor's words (error-text.ts), the code for support, Retry that runs the
 * task again — when it failed, and the element's content once it is complete. Every element
 * renders its loads (a practice, a catalogue, a request) through this, so they read and recover
 * alike.
 */
import { html, nothing } from 'lit';
import type { Task } from '@lit/task';
import type { StringsHost } from '../../src/i18n/translate.js';
import { taskError } from '../../src/controllers/async-state.js';
import type { IdempotentWrite } from '../../src/controllers/idempotent-write.js';
import './error-notice.js';

export interface TaskViewOptions<R> {
  /** Whose language and strings the notice speaks: the element. */
  speaker: StringsHost;
  /** What the pending state says: a status line (text), or the element's own template. */
  pending: string | (() => unknown);
  /** The content, once the task is complete. */
  complete: (value: R) => unknown;
  /** Before the task first ran (nothing to do yet); nothing by default. */
  initial?: () => unknown;
  /** What Retry does: runs the task again with the same arguments unless given; `false` for no button. */
  retry?: (() => unknown) | false;
  /** Retry by itself once a `Retry-After` wait is over (only for work that is safe to repeat: loads). */
  autoRetry?: boolean;
  /** The task is the element setting itself up: a 404 reads as a setup problem of the page. */
  setup?: boolean;
  /** The element sent the page's own development keys: a 401 reads as wrong keys. */
  keys?: boolean;
  /** The element sent no credentials at all: a 401 reads as "sign in", not as an expired session. */
  anonymous?: boolean;
  /** What was not found, in the visitor's words, for a 404 ("We can't find request 12345."). */
  notFound?: string | undefined;
  /** Class of the status line and of the notice (the element's banner styles). */
  class?: string;
  /** Keep showing the last content while the task runs again (a reload), instead of the status line. */
  keepWhilePending?: boolean;
  /** One more sentence after what to do (what did not happen, that retrying sends nothing twice). */
  note?: string;
  /** The notice's id (a field's `aria-describedby` may point to it). */
  id?: string;
  /** The notice can take focus (the element moves focus to it after a failed submission). */
  focusable?: boolean;
  /** Places the error notice in the element's layout (e.g. inside its side column). */
  around?: (notice: unknown) => unknown;
}

export function renderTask<R>(task: Task<readonly unknown[], R>, o: TaskViewOptions<R>): unknown {
  const pending = () =>
    typeof o.pending === 'string' ? html`<p class=${o.class ?? 'status'} role="status">${o.pending}</p>` : o.pending();
  return task.render({
    initial: () => (o.initial ? o.initial() : nothing),
    pending: () => (o.keepWhilePending && task.value !== undefined ? o.complete(task.value) : pending()),
    complete: (value) => o.complete(value),
    error: () => {
      const retry = o.retry === false ? undefined : (o.retry ?? (() => void task.run()));
      const notice = html`<sportello-error-notice
        id=${o.id ?? nothing}
        class=${o.class ?? nothing}
        tabindex=${o.focusable ? '-1' : nothing}
        .note=${o.note}
        .error=${taskError(task)}
        .speaker=${o.speaker}
        .retry=${retry}
        .notFound=${o.notFound}
        ?auto-retry=${!!o.autoRetry && !!retry}
        ?setup=${!!o.setup}
        ?keys=${!!o.keys}
        ?anonymous=${!!o.anonymous}
      ></sportello-error-notice>`;
      return o.around ? o.around(notice) : notice;
    },
  });
}

/**
 * A write's failure (src/controllers/idempotent-write.ts) through the same notice: Retry sends the
 * same content again under the same Idempotency-Key, so it never applies twice — which is also why
 * it may retry by itself once a `Retry-After` wait is over. Nothing while it is idle, pending or
 * done: the form that sends it says those itself (its button, its status line).
 */
export function renderWriteFailure(
  write: Pick<IdempotentWrite<never, unknown>, 'state' | 'task'>,
  o: Pick<TaskViewOptions<unknown>, 'speaker' | 'note' | 'id' | 'class' | 'notFound' | 'focusable' | 'retry'> & {
    retry: (() => unknown) | false;
  },
): unknown {
  if (write.state !== 'error') return nothing;
  return renderTask(write.task, { ...o, autoRetry: true, pending: () => nothing, complete: () => nothing });
}
