import { css } from 'lit';

/** "About this document" (parts/document-ask.ts), in the viewer's side column. */
export const documentAskStyles = css`
  .ask {
    display: flex;
    flex-direction: column;
    align-items: stretch;
    gap: var(--_space);
    margin-top: calc(var(--_space) * 2);
    padding-top: var(--_space);
    border-top: 1px solid var(--_border);
  }
  .ask h3 {
    margin: 0;
    font-size: 1rem;
  }
  .ask-state {
    display: flex;
    flex-direction: column;
    gap: 6px;
    color: var(--_text-muted);
  }
  .ask-state progress {
    inline-size: 100%;
  }
  .ask-failed {
    padding: var(--_space);
    border-radius: var(--_radius-small);
    border-inline-start: 4px solid var(--_danger);
    background: var(--_surface-alt);
  }
  .ask-failed p {
    margin: 0 0 var(--_space);
  }
  .ask-summary summary {
    cursor: pointer;
    font-weight: 600;
  }
  .ai-notice {
    margin: var(--_space) 0;
    padding: 6px 10px;
    border-inline-start: 4px solid var(--_accent);
    background: var(--_surface-alt);
    font-size: 0.875rem;
  }
  .ask-summary-text {
    max-block-size: 18rem;
    overflow-y: auto;
    padding-inline-end: 4px;
  }
  .ask-summary-text ul {
    padding-inline-start: 1.25rem;
  }
  .ask-summary-text li {
    margin-bottom: 4px;
  }
  .ask-toggle {
    align-self: flex-start;
  }
  sportello-ai-chat {
    --sportello-ai-chat-height: 28rem;
  }
  sportello-ai-chat[hidden] {
    display: none;
  }
`;
