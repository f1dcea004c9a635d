import { css } from 'lit';

/** The list's own layout; fields, buttons, badges and facts come from the desk form's styles. */
export const deskRequestsStyles = css`
  .requests {
    display: grid;
    gap: var(--_space);
  }
  .list-tools {
    display: grid;
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) auto;
    gap: var(--_space);
    align-items: end;
  }
  @media (max-width: 30rem) {
    .list-tools {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  .request-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_space);
  }
  .request-item {
    background: var(--_surface-alt);
    border-radius: var(--_radius);
    padding: var(--_space) calc(var(--_space) * 1.5);
  }
  .request-head {
    margin: 0 0 calc(var(--_space) / 2);
  }
  .request-open {
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--_space);
    text-align: start;
    font: inherit;
    font-weight: 600;
    padding: 0;
    min-height: 44px;
    align-items: center;
  }
  .request-subject {
    font-weight: 400;
    overflow-wrap: anywhere;
  }
  .request-meta {
    margin: 0;
  }
  .pager {
    justify-content: space-between;
    align-items: center;
  }
  .back-row {
    margin-bottom: var(--_space);
  }
  #list-title:focus,
  #list-status:focus {
    outline: none;
  }
`;
