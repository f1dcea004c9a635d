import { html, nothing, svg, type TemplateResult } from 'lit';
import type { AiChatController } from '../../../src/controllers/ai/ai-chat-controller.js';
import type {
  AssistantMessage,
  ChatMessage,
  ToolActivity,
  ToolState,
  UserMessage,
} from '../../../src/model/ai/messages.js';
import type { PendingToolCall } from '../../../src/services/ai.js';
import type { StringsHost } from '../../../src/i18n/translate.js';
import '../../shared/error-notice.js';
import { markdownView } from '../../shared/markdown-directive.js';
import { paperclipIcon } from '../../shared/chat-icons.js';
import type { AnswerViews } from './answer-views.js';
import { citationId } from './citations.js';
import type { AiChatStringKey } from '../strings.js';

/** What the message templates need from the panel. */
export interface AnswerContext {
  s(key: AiChatStringKey, params?: Record<string, string | number>): string;
  chat: AiChatController;
  views: AnswerViews;
  handoffSent: boolean;
  handoff(trigger: string, reason?: string): void;
  /** Whose language and strings the error notices speak: the panel. */
  speaker: StringsHost;
  /** An answer is being written (no regenerating or editing meanwhile). */
  busy: boolean;
  /** Which copy button just copied (`<id>:md` or `<id>:text`), to say so on it for a moment. */
  copied: string | undefined;
  copy(key: string, text: string): void;
  rate(message: AssistantMessage, rating: 'up' | 'down' | undefined): void;
  /** An edited question's version picker ("2 of 2"), or nothing (versions.ts). */
  versions(m: UserMessage): unknown;
  /** The question being edited, if any, and whether its error shows (it is empty). */
  editing: string | undefined;
  editError: boolean;
  edit(id: string | undefined): void;
  editInput(text: string): void;
  editBlur(text: string, leavingFor: EventTarget | null): void;
  resend(id: string, text: string): void;
  /** Asks a failed or stopped answer's question again (at the end of the thread, where the service puts it). */
  retry(id: string): void;
  /** What parts of their own add to a message: the feedback form, follow-ups, a question's pictures. */
  feedbackForm(m: AssistantMessage): unknown;
  followUps(m: AssistantMessage): unknown;
  questionImages(m: UserMessage): unknown;
}

const toolName = (call: PendingToolCall) => String(call.tool_name ?? call.name ?? '?');

function renderApproval(c: AnswerContext, m: AssistantMessage): TemplateResult {
  const approval = m.approval!;
  const name = approval.calls.map(toolName).join(', ');
  const args = approval.calls.map((call) => call.tool_args ?? call.arguments).filter(Boolean);
  return html`<div class="card" part="approval" role="group" aria-label=${c.s('approvalTitle', { name })}>
    <strong>${c.s('approvalTitle', { name })}</strong>
    <span class="tool-state ${approval.decision ?? 'approval'}"
      >${c.s(approval.decision === 'approved' ? 'toolApproved' : approval.decision === 'denied' ? 'toolDenied' : 'toolApproval')}</span
    >
    ${args.length ? html`<pre>${JSON.stringify(args.length === 1 ? args[0] : args, null, 2)}</pre>` : nothing}
    ${
      approval.decision
        ? html`<div class="note">${approval.decision === 'approved' ? c.s('approvedNote') : c.s('deniedNote')}</div>`
        : html`<div class="actions">
          <button class="button" @click=${() => c.chat.decide(m.id, true, c.s('approvedMessage'))}>${c.s('approve')}</button>
          <button class="button secondary" @click=${() => c.chat.decide(m.id, false, c.s('deniedMessage'))}>${c.s('deny')}</button>
        </div>`
    }
  </div>`;
}

function renderSources(c: AnswerContext, m: AssistantMessage): TemplateResult {
  return html`<details class="sources" part="sources">
    <summary class="note">${c.s('sources', { count: m.sources.length })}</summary>
    <ol>
      ${m.sources.map((source) => {
        const url =
          typeof source.metadata?.url === 'string' && /^https?:\/\//i.test(source.metadata.url)
            ? source.metadata.url
            : undefined;
        // Numbered as the service listed them (hidden ones left out keep their numbers): `[n]` in the
        // answer cites item n, which describes its marker (citations.ts).
        return html`<li id=${citationId(m.id, source.citation)} value=${source.citation} tabindex="-1">
          ${url ? html`<a href=${url} target="_blank" rel="noopener noreferrer">${source.title}</a>` : html`<strong>${source.title}</strong>`}
          ${typeof source.relevance_score === 'number' ? html` <span class="note">(${c.s('relevance', { value: Math.round(source.relevance_score * 100) })})</span>` : nothing}
          ${source.content_preview ? html`<span class="preview">${source.content_preview}</span>` : nothing}
        </li>`;
      })}
    </ol>
  </details>`;
}

function renderHandoffOffer(c: AnswerContext, m: AssistantMessage): TemplateResult {
  return html`<div class="card">
    ${
      c.handoffSent
        ? html`<span>${c.s('handoffDone')}</span>`
        : html`<span>${c.s('handoffOffer')}</span>
          <div class="actions"><button class="button" @click=${() => c.handoff(m.handoff?.trigger ?? 'service', m.handoff?.reason)}>${c.s('handoffButton')}</button></div>`
    }
  </div>`;
}

const TOOL_STATE: Record<ToolState, AiChatStringKey> = {
  running: 'toolRunning',
  done: 'toolDone',
  approval: 'toolApproval',
  denied: 'toolDenied',
  error: 'toolError',
};

const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** A tool call: its name and state, and (opened) its arguments and result. */
function renderTool(c: AnswerContext, tool: ToolActivity): TemplateResult {
  const head = html`<span aria-hidden="true">⚙</span> <span class="tool-name">${c.s('toolLabel', { name: tool.name })}</span>
    <span class="tool-state">${c.s(TOOL_STATE[tool.state])}</span>`;
  const args = tool.args && Object.keys(tool.args).length ? tool.args : undefined;
  if (!args && tool.result === undefined) return html`<div class="tool ${tool.state}" part="tool">${head}</div>`;
  return html`<details class="tool ${tool.state}" part="tool">
    <summary>${head}</summary>
    ${args ? html`<div class="note">${c.s('toolArgs')}</div><pre>${json(args)}</pre>` : nothing}
    ${tool.result !== undefined ? html`<div class="note">${c.s('toolResult')}</div><pre>${json(tool.result)}</pre>` : nothing}
  </details>`;
}

/**
 * Retrieval steps and reasoning. Both are open while they are all there is to read (the visitor
 * sees the reasoning form) and close when the answer starts; the reasoning then says how long it took.
 */
function renderThinking(c: AnswerContext, m: AssistantMessage, busy: boolean): TemplateResult {
  const before = busy && m.status === 'waiting';
  const reasoningOpen = busy && !!m.thinking && m.thoughtMs === undefined;
  const reasoning =
    m.thoughtMs !== undefined
      ? c.s('thoughtFor', { seconds: Math.max(1, Math.round(m.thoughtMs / 1000)) })
      : busy
        ? c.s('thinkingNow')
        : c.s('reasoning');
  return html`${
    m.ragSteps.length
      ? html`<details class="thinking steps" ?open=${before && !m.thinking}>
          <summary>${c.s('searching')}</summary>
          <ol class="thinking-text">${m.ragSteps.map((step) => html`<li>${step}</li>`)}</ol>
        </details>`
      : nothing
  }${
    m.thinking
      ? html`<details class="thinking reasoning" ?open=${reasoningOpen}>
          <summary>${reasoning}</summary>
          <div class="thinking-text">${m.thinking}</div>
        </details>`
      : nothing
  }`;
}

/** The answer's confidence, with what it is based on behind a disclosure (keyboard and touch, not a tooltip). */
function renderConfidence(c: AnswerContext, confidence: NonNullable<AssistantMessage['confidence']>): TemplateResult {
  const label = c.s('confidence', { value: Math.round(confidence.score * 100) });
  const signals = Object.entries(confidence.signals ?? {});
  const head = confidence.needsReview
    ? html`<span class="review"><span aria-hidden="true">⚠</span> ${c.s('needsReview')}</span> <span class="score">${label}</span>`
    : html`<span class="score">${label}</span>`;
  if (!signals.length)
    return html`<div class="confidence${confidence.needsReview ? ' low' : ''}" part="confidence">${head}</div>`;
  return html`<details class="confidence${confidence.needsReview ? ' low' : ''}" part="confidence">
    <summary>${head}</summary>
    <dl aria-label=${c.s('confidenceSignals')}>
      ${signals.map(([key, value]) => html`<div><dt>${key.replace(/_/g, ' ')}</dt><dd>${json(value)}</dd></div>`)}
    </dl>
  </details>`;
}

/** A thumb (up, or turned down): an SVG, not an emoji, so it looks the same on every system. Decorative. */
const THUMB =
  'M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.7 10H14l.9-4.4A1.5 1.5 0 0 0 13.4 4L9 10v11z';
const thumb = (down: boolean) =>
  svg`<svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" class=${down ? 'down' : ''}><path d=${THUMB} fill="currentColor"></path></svg>`;

/** Copy (markdown and text), regenerate the last answer, and a rating for the page to record. */
function renderActions(c: AnswerContext, m: AssistantMessage): TemplateResult {
  const last = c.chat.messages.at(-1) === m;
  const copyButton = (kind: 'md' | 'text', label: AiChatStringKey) => {
    const key = `${m.id}:${kind}`;
    return html`<button
      type="button"
      class="icon-button"
      @click=${() => c.copy(key, kind === 'md' ? m.text : c.views.plainText(m.id))}
    >
      ${c.copied === key ? c.s('copied') : c.s(label)}
    </button>`;
  };
  const rating = (value: 'up' | 'down', label: AiChatStringKey, icon: unknown) =>
    html`<button
      type="button"
      class="icon-button rating"
      aria-label=${c.s(label)}
      title=${c.s(label)}
      aria-pressed=${m.rating === value ? 'true' : 'false'}
      @click=${() => c.rate(m, m.rating === value ? undefined : value)}
    >
      <span aria-hidden="true">${icon}</span>
    </button>`;
  return html`<div class="answer-actions" part="answer-actions" role="group" aria-label=${c.s('answerActions')} data-answer=${m.id}>
    ${copyButton('md', 'copyAnswer')} ${copyButton('text', 'copyText')}
    ${
      last && !c.busy
        ? html`<button type="button" class="icon-button" @click=${() => void c.chat.regenerate(m.id)}>
            ${c.s('regenerate')}
          </button>`
        : nothing
    }
    <span class="ratings">${rating('up', 'helpful', thumb(false))}${rating('down', 'notHelpful', thumb(true))}</span>
  </div>`;
}

/** A question: its text and files, and an Edit button that resends it changed. */
function renderQuestion(c: AnswerContext, m: UserMessage): TemplateResult {
  if (c.editing === m.id) {
    return html`<form
      class="edit-form"
      @submit=${(e: SubmitEvent) => {
        e.preventDefault();
        const text = ((e.currentTarget as HTMLFormElement).elements.namedItem('question') as HTMLTextAreaElement).value;
        c.resend(m.id, text);
      }}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          c.edit(undefined);
        }
      }}
    >
      <textarea
        name="question"
        rows="3"
        aria-label=${c.s('editLabel')}
        aria-invalid=${c.editError ? 'true' : 'false'}
        aria-describedby=${c.editError ? `${m.id}-edit-error` : nothing}
        .value=${m.text}
        @input=${(e: InputEvent) => c.editInput((e.target as HTMLTextAreaElement).value)}
        @blur=${(e: FocusEvent) => c.editBlur((e.target as HTMLTextAreaElement).value, e.relatedTarget)}
      ></textarea>
      ${c.editError ? html`<span class="field-error" id="${m.id}-edit-error" role="alert">${c.s('editEmpty')}</span>` : nothing}
      <div class="actions">
        <button type="submit" class="button">${c.s('sendEdit')}</button>
        <button type="button" class="button secondary cancel-edit" @click=${() => c.edit(undefined)}>${c.s('cancelEdit')}</button>
      </div>
    </form>`;
  }
  return html`<div class="msg user" part="user-message">${m.text}${c.questionImages(m)}${
    m.files.length ? html`<div class="files">${paperclipIcon(14)} ${m.files.join(', ')}</div>` : nothing
  }</div>
    ${
      c.busy
        ? nothing
        : html`<button type="button" class="icon-button edit" aria-label=${c.s('editLabel')} @click=${() => c.edit(m.id)}>
            ${c.s('edit')}
          </button>`
    }${c.versions(m)}`;
}

function renderAssistant(c: AnswerContext, m: AssistantMessage): TemplateResult {
  const busy = m.status === 'waiting' || m.status === 'streaming';
  const view = c.views.view(m.id);
  return html`<div class="msg assistant" part="assistant-message" aria-busy=${busy ? 'true' : 'false'}>
    ${renderThinking(c, m, busy)}
    ${m.tools.map((tool) => renderTool(c, tool))}
    ${view ? html`<div class="answer" ${markdownView(view)}></div>` : nothing}
    ${m.status === 'waiting' ? html`<div class="typing">${c.s('writing')}</div>` : nothing}
    ${m.status === 'stopped' ? html`<div class="stopped">${c.s('stopped')} <button class="icon-button" @click=${() => c.retry(m.id)}>${c.s('retry')}</button></div>` : nothing}
    ${(m.status === 'done' || m.status === 'stopped') && m.text ? html`${renderActions(c, m)}${c.feedbackForm(m)}` : nothing}
    ${m.approval ? renderApproval(c, m) : nothing}
    ${m.sources.length ? renderSources(c, m) : nothing}
    ${m.confidence && !busy ? renderConfidence(c, m.confidence) : nothing}
    ${m.handoff?.requested ? renderHandoffOffer(c, m) : nothing}
    ${c.followUps(m)}
    ${
      m.status === 'error' && m.error
        ? html`<sportello-error-notice
            .error=${m.error}
            .speaker=${c.speaker}
            .retry=${() => c.retry(m.id)}
            ?auto-retry=${ANSWER_FAILURE.autoRetry}
            ?setup=${ANSWER_FAILURE.setup}
          ></sportello-error-notice>`
        : nothing
    }
  </div>`;
}

/**
 * How a failed answer's notice speaks: it asks again by itself after a wait (the service did not
 * answer the question, so repeating it is safe), and a 404 is the page's setup (its endpoint or
 * agent-id: a question is never "not found"). The panel's announcement of the failure uses the same.
 */
export const ANSWER_FAILURE = { autoRetry: true, setup: true } as const;

/** One message of the thread: a question of the visitor, or an answer with everything around it. */
export function renderMessage(c: AnswerContext, m: ChatMessage): TemplateResult {
  return m.role === 'user' ? renderQuestion(c, m) : renderAssistant(c, m);
}
