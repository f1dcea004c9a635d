import { Router } from '../core/http-kit.js';
import type { ServiceModule, SimContext } from '../core/service.js';

// Placeholder until the chat simulator lands: every path answers 404.
export function createChatService(_ctx: SimContext): ServiceModule {
  return {
    name: 'chat',
    router: new Router('/chat'),
    errorAnswer: (status, message) => ({ status, body: { status, message } }),
  };
}
