/**
 * The simulated people: a scripted operator who joins after a short queue and answers, and a bot
 * with quick replies that can hand over to a person. Timing is in units of the simulator's pace
 * (`ctx.paceMs`), so the demo feels human and tests stay quick.
 */
import { ChatScheduler } from './chat-scheduler.js';
import { operatorRef, type Chat, type ChatMessage, type ChatStore } from './chat-store.js';
import type { OperatorPresence } from './operator-presence.js';
import { botAnswer, botIntent, botQuickReplies, botWelcome, greeting, operatorAnswer } from './scripted-answers.js';
import { BOT_AUTHOR, SCRIPT_OPERATOR } from './seed.js';

/** Pretend chats ahead of a new one in the scripted queue: positions go 3, 2, 1, then the operator joins. */
const VIRTUAL_AHEAD = 2;

export interface Timing {
  /** Between queue position updates, and from position 1 to the join. */
  queueStepMs: number;
  /** How long the operator "types" before an answer. */
  typingMs: number;
  /** Before the operator reads a message / before the bot answers. */
  reactMs: number;
}

export function timingFromPace(paceMs: number): Timing {
  const pace = Math.max(1, paceMs);
  return { queueStepMs: pace * 40, typingMs: pace * 30, reactMs: pace * 10 };
}

export class ChatAutomation {
  private readonly scheduler = new ChatScheduler();
  /** Chats the scripted operator has committed to join (its queue countdown is running). */
  private readonly scriptQueued = new Set<number>();

  constructor(
    private readonly store: ChatStore,
    private readonly presence: OperatorPresence,
    private readonly timing: Timing,
  ) {}

  /** A new chat: the bot greets, or the chat enters the queue. */
  started(chat: Chat): void {
    if (chat.status === 'bot') {
      this.botSays(chat, botWelcome(chat.language, chat.name), this.timing.reactMs);
      return;
    }
    this.enqueue(chat);
  }

  /** A visitor message that was stored (not a duplicate). */
  visitorMessage(chat: Chat, message: ChatMessage, quickReply: string | undefined): void {
    if (chat.status === 'bot') return this.botReply(chat, message, quickReply);
    if (chat.operator?.kind === 'script') this.answer(chat, message);
  }

  /** A real operator took the chat, or the chat closed: the script stops. */
  stop(chat: Chat): void {
    this.scheduler.cancel(chat.idChat);
    this.scriptQueued.delete(chat.idChat);
  }

  /**
   * Presence changed: queued chats the script may take (no real operator available any more) start
   * their countdown. Chats whose countdown already runs keep it (the visitor was promised a person).
   */
  reconsider(): void {
    for (const chat of this.store.pending()) {
      if (!this.scriptQueued.has(chat.idChat) && this.scriptMayJoin(chat)) this.startCountdown(chat);
    }
  }

  reset(): void {
    this.scheduler.cancelAll();
    this.scriptQueued.clear();
  }

  private scriptMayJoin(chat: Chat): boolean {
    switch (chat.category.routing) {
      case 'script':
        return true;
      case 'human':
        return false;
      case 'script-unless-operator':
      case 'bot': // a bot chat in the queue was handed over
        return !this.presence.anyAvailable();
    }
  }

  private enqueue(chat: Chat): void {
    if (this.scriptMayJoin(chat)) this.startCountdown(chat);
    else this.store.queue(chat);
  }

  private startCountdown(chat: Chat): void {
    this.scriptQueued.add(chat.idChat);
    chat.virtualAhead = VIRTUAL_AHEAD;
    this.store.queue(chat);
    const tick = () => {
      if (chat.status !== 'queued') return;
      if (chat.virtualAhead > 0) {
        chat.virtualAhead -= 1;
        this.store.queue(chat);
        this.scheduler.enqueue(chat.idChat, { delayMs: this.timing.queueStepMs, run: tick });
      } else {
        this.join(chat);
      }
    };
    this.scheduler.enqueue(chat.idChat, { delayMs: this.timing.queueStepMs, run: tick });
  }

  private join(chat: Chat): void {
    this.scriptQueued.delete(chat.idChat);
    this.store.join(chat, operatorRef(SCRIPT_OPERATOR, 'script'));
    this.typeThenSay(chat, greeting(chat.language, chat.name, SCRIPT_OPERATOR.nickname));
    // Someone who wrote while waiting gets an answer to their last message (not to what they told
    // the bot before it handed them over: that was answered, by the hand-over).
    const waiting = chat.messages.filter((m) => m.from === 'visitor' && m.id > chat.queuedAfterId).at(-1);
    if (waiting) this.answer(chat, waiting);
  }

  private answer(chat: Chat, message: ChatMessage): void {
    this.scheduler.enqueue(chat.idChat, {
      delayMs: this.timing.reactMs,
      run: () => this.store.read(chat, message.id),
    });
    this.typeThenSay(chat, operatorAnswer(chat.language, message.text, message.attachments));
  }

  private typeThenSay(chat: Chat, text: string): void {
    const author = { idUser: SCRIPT_OPERATOR.idUser, name: SCRIPT_OPERATOR.nickname };
    const stillMine = () => chat.status === 'assigned' && chat.operator?.kind === 'script';
    this.scheduler.enqueue(
      chat.idChat,
      {
        delayMs: this.timing.reactMs,
        run: () => stillMine() && this.store.typing(chat, 'operator', true, { name: author.name }),
      },
      {
        delayMs: this.timing.typingMs,
        run: () => {
          if (!stillMine()) return;
          this.store.typing(chat, 'operator', false, { name: author.name });
          this.store.post(chat, { clientMessageId: null, from: 'operator', text, attachments: [], author });
        },
      },
    );
  }

  private botReply(chat: Chat, message: ChatMessage, quickReply: string | undefined): void {
    const intent = botIntent(chat.language, message.text, quickReply);
    this.botSays(chat, botAnswer(chat.language, intent), this.timing.reactMs, intent !== 'human');
    if (intent === 'human') {
      this.scheduler.enqueue(chat.idChat, {
        delayMs: 0,
        run: () => {
          this.store.handOver(chat);
          this.enqueue(chat);
        },
      });
    }
  }

  private botSays(chat: Chat, text: string, delayMs: number, withQuickReplies = true): void {
    this.scheduler.enqueue(
      chat.idChat,
      { delayMs, run: () => chat.status === 'bot' && this.store.typing(chat, 'bot', true, BOT_AUTHOR) },
      {
        delayMs,
        run: () => {
          if (chat.status !== 'bot') return;
          this.store.typing(chat, 'bot', false, BOT_AUTHOR);
          this.store.post(chat, {
            clientMessageId: null,
            from: 'bot',
            text,
            attachments: [],
            author: BOT_AUTHOR,
            ...(withQuickReplies ? { quickReplies: botQuickReplies(chat.language) } : {}),
          });
        },
      },
    );
  }
}
