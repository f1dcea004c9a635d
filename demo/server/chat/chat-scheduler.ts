/**
 * Per-chat sequences of delayed steps (the scripted operator's queue, typing, answers; the bot's
 * replies). Steps of one chat run one after another, so answers never overtake each other; closing
 * a chat or resetting the simulator cancels what is still waiting.
 */
export type Step = { delayMs: number; run: () => void };

interface Lane {
  steps: Step[];
  timer: NodeJS.Timeout | undefined;
  /** True while a step runs: steps it enqueues wait for it to finish. */
  running: boolean;
}

export class ChatScheduler {
  private lanes = new Map<number, Lane>();

  /** Appends steps to the chat's lane; they run after everything already waiting. */
  enqueue(idChat: number, ...steps: Step[]): void {
    let lane = this.lanes.get(idChat);
    if (!lane) {
      lane = { steps: [], timer: undefined, running: false };
      this.lanes.set(idChat, lane);
    }
    lane.steps.push(...steps);
    if (!lane.timer && !lane.running) this.next(idChat, lane);
  }

  /** True while the chat has steps waiting. */
  busy(idChat: number): boolean {
    return this.lanes.has(idChat);
  }

  cancel(idChat: number): void {
    const lane = this.lanes.get(idChat);
    if (lane?.timer) clearTimeout(lane.timer);
    this.lanes.delete(idChat);
  }

  cancelAll(): void {
    for (const id of [...this.lanes.keys()]) this.cancel(id);
  }

  private next(idChat: number, lane: Lane): void {
    const step = lane.steps.shift();
    if (!step) {
      this.lanes.delete(idChat);
      return;
    }
    lane.timer = setTimeout(() => {
      lane.timer = undefined;
      // A step may cancel its own lane (e.g. it closes the chat): then stop here.
      if (this.lanes.get(idChat) !== lane) return;
      lane.running = true;
      try {
        step.run();
      } catch (error) {
        console.error('[sim chat] scripted step failed', error);
      } finally {
        lane.running = false;
      }
      if (this.lanes.get(idChat) === lane) this.next(idChat, lane);
    }, step.delayMs);
    lane.timer.unref?.();
  }
}
