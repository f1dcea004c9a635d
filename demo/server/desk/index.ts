import { Router } from '../core/http-kit.js';
import type { ServiceModule, SimContext } from '../core/service.js';

// Placeholder until the desk simulator lands: every path answers 404.
export function createDeskService(_ctx: SimContext): ServiceModule {
  return {
    name: 'desk',
    router: new Router('/desk'),
    errorAnswer: (status, message) => ({ status, body: { status, message } }),
  };
}
