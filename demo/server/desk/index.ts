import { Router, type SimRequest } from '../core/http-kit.js';
import type { ServiceModule, SimContext } from '../core/service.js';
import { DeskError, deskErrorBody, sendDeskError } from './errors.js';
import { deskRoutes } from './routes.js';
import { seedDesk } from './seed.js';
import { DeskStore } from './store.js';

export { SEED_REQUESTS } from './seed.js';

/**
 * The help-desk service of `specs/desk-and-chat-services.md` (§2.1, §4.1) under `/desk`, with
 * Bearer tokens from the simulated identity provider (spec §5). See README.md in this folder.
 */
export function createDeskService(ctx: SimContext): ServiceModule {
  const store = new DeskStore();
  seedDesk(store);
  ctx.onReset(() => {
    store.clear();
    seedDesk(store);
  });

  const router = new Router('/desk');
  for (const [method, path, handler, opts] of deskRoutes(store)) {
    router.on(method, path, async (r: SimRequest) => {
      try {
        if (!opts?.public) {
          const verdict = await ctx.verifyBearer(r.req.headers.authorization);
          if (!verdict.ok) {
            throw new DeskError(401, `Token mancante, non valido o scaduto: ${verdict.reason}`, [], {
              'WWW-Authenticate': `Bearer realm="sportello", error="invalid_token"`,
            });
          }
        }
        await handler(r);
      } catch (error) {
        if (error instanceof DeskError) sendDeskError(r.res, error, r.url.pathname);
        else throw error;
      }
    });
  }

  return {
    name: 'desk',
    router,
    errorAnswer: (status, message) => ({ status, body: deskErrorBody(status, message) }),
  };
}
