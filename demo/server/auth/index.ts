import { Router } from '../core/http-kit.js';
import type { ServiceModule, SimContext } from '../core/service.js';

// Placeholder until the auth simulator lands: every path answers 404.
export function createAuthService(_ctx: SimContext): ServiceModule {
  return {
    name: 'auth',
    router: new Router('/auth'),
    errorAnswer: (status, message) => ({ status, body: { status, message } }),
  };
}
