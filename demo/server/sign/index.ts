import { Router } from '../core/http-kit.js';
import type { ServiceModule, SimContext } from '../core/service.js';

// Placeholder until the sign simulator lands: every path answers 404.
export function createSignService(_ctx: SimContext): ServiceModule {
  return {
    name: 'sign',
    router: new Router('/sign/api/v2'),
    errorAnswer: (status, message) => ({ status, body: { status, message } }),
  };
}
