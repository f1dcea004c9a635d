import { css } from 'lit';

/** What parts of their own add to the thread's messages: follow-ups, the feedback form, pictures. */
export const answerExtrasStyles = css`
  .follow-ups {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    margin-top: var(--_space);
  }
  .follow-ups-label {
    flex-basis: 100%;
    font-size: 0.8em;
    color: var(--_text-muted);
  }
  .follow-up {
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_accent);
    border-radius: 999px;
    padding: 4px 12px;
    font: inherit;
    font-size: 0.9em;
    text-align: start;
    cursor: pointer;
    max-width: 100%;
  }
  .follow-up:hover {
    border-color: var(--_accent);
  }
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
  .question-images {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin-top: 6px;
  }
`;
