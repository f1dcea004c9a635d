/**
 * The one four-state type of one-shot async work — a load, a lookup, a submission — named as
 * `@lit/task` names its statuses, so that work run by a `Task` and work a controller still runs by
 * hand (a poll that reuses its load, a write that keeps one Idempotency-Key) read the same way.
 */
import { TaskStatus, type Task } from '@lit/task';
import { isAbort } from '../transport/errors.js';

/** Nothing asked yet · under way · done (with a value) · failed (with an error). */
export type AsyncState = 'idle' | 'pending' | 'complete' | 'error';

const BY_STATUS: Record<TaskStatus, AsyncState> = {
  [TaskStatus.INITIAL]: 'idle',
  [TaskStatus.PENDING]: 'pending',
  [TaskStatus.COMPLETE]: 'complete',
  [TaskStatus.ERROR]: 'error',
};

/** The state of a `Task`, in the kit's words. */
export function stateOf(task: Pick<Task, 'status'>): AsyncState {
  return BY_STATUS[task.status];
}

/**
 * The state of a load the element asks again when it reconnects: one cut by a disconnect (its
 * signal aborted) failed nothing, so it reads as idle, not as an error the visitor would see.
 */
export function loadStateOf(task: Pick<Task, 'status' | 'error'>): AsyncState {
  const state = stateOf(task);
  return state === 'error' && isAbort(task.error) ? 'idle' : state;
}

/** What a failed task threw, as an Error (a task may reject with anything). */
export function taskError(task: Pick<Task, 'status' | 'error'>): Error | undefined {
  if (task.status !== TaskStatus.ERROR) return undefined;
  const error = task.error;
  return error instanceof Error ? error : new Error(String(error));
}
