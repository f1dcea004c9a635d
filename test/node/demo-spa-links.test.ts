import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { withPage } from '../../demo/live-chat/spa-links.js';

describe('demo shop links', () => {
  it('keep the simulator address and other parameters, change only the page', () => {
    assert.equal(
      withPage('http://localhost:5173/live-chat/?sim=http://127.0.0.1:8851&page=bags', 'shoes'),
      'http://localhost:5173/live-chat/?sim=http%3A%2F%2F127.0.0.1%3A8851&page=shoes',
    );
    assert.equal(
      withPage('http://localhost:5173/live-chat/', 'checkout'),
      'http://localhost:5173/live-chat/?page=checkout',
    );
  });
});
