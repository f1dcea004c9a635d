import { Router } from '../core/http-kit.js';
import type { ServiceModule, SimContext } from '../core/service.js';

// Placeholder until the ai simulator lands: every path answers 404.
export function createAiService(_ctx: SimContext): ServiceModule {
  return {
    name: 'ai',
    router: new Router('/ai/api/v2'),
    errorAnswer: (status, message) => ({ status, body: { status, message } }),
  };
}
