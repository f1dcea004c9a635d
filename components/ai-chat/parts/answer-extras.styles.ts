import { css } from 'lit';

/** What parts of their own add to the thread's messages: the feedback form. */
export const answerExtrasStyles = css`
  .feedback-form {
    display: flex;
    flex-direction: column;
    gap: 6px;
    margin-top: 6px;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
    font-size: 0.9em;
  }
  .feedback-title {
    margin: 0;
    font-weight: 600;
  }
  .feedback-reasons {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    margin: 0;
    padding: 0;
    border: 0;
  }
  .feedback-reason {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  .feedback-form textarea {
    box-sizing: border-box;
    inline-size: 100%;
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: 6px;
    resize: vertical;
  }
  .feedback-form .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .feedback-form .button[disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  .feedback-sent {
    margin: 6px 0 0;
    font-size: 0.85em;
    color: var(--_text-muted);
  }
`;
