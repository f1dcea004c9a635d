import { Router, type SimRequest } from '../core/http-kit.js';
import type { ServiceModule, SimContext } from '../core/service.js';
import { authenticate, type ApiHandler } from './auth.js';
import { SignError, sendSignError, signErrorBody } from './errors.js';
import { documentRoutes } from './routes-documents.js';
import { draftRoutes } from './drafts.js';
import { fileRoutes } from './routes-files.js';
import { loadSeedAssets } from './documents.js';
import { seedStore } from './seed.js';
import { sendSignerPageError, signerPageRoutes } from './signer-page.js';
import { SignStore } from './store.js';
import type { ProcessType } from './model.js';
import { loadProcessTypes, workflowTypeRoutes } from './workflows.js';

export { SEED_IDS } from './seed.js';

/** Full-path prefixes: the core strips both `/sign/api/v2` and `/sign` before routing here. */
const API_PREFIX = '/sign/api/v2/';
const PAGE_PREFIX = '/sign/app/';

/**
 * The signing service of `specs/signing-service.md` under `/sign/api/v2`, plus the simulator's
 * signing page under `/sign/app/sign/{token}` (see README.md in this folder).
 */
export async function createSignService(ctx: SimContext): Promise<ServiceModule> {
  const assets = await loadSeedAssets();
  const types = await loadProcessTypes();
  const store = new SignStore();
  const seed = () => {
    seedStore(store, assets);
    for (const type of types) store.types.set(type.idWorkflowType, structuredClone(type) as ProcessType);
  };
  seed();
  ctx.onReset(() => {
    store.clear();
    seed();
  });

  const router = new Router('/sign/api/v2');
  const notFound = (r: SimRequest) => new SignError(404, `No resource at ${r.url.pathname}`, 'error.notFound');

  const api = (handler: ApiHandler) => async (r: SimRequest) => {
    try {
      // Both prefixes reach this router: API paths answer only below /sign/api/v2.
      if (!r.url.pathname.startsWith(API_PREFIX)) throw notFound(r);
      const user = await authenticate(ctx, r.req);
      await handler(r, user);
    } catch (error) {
      if (error instanceof SignError) sendSignError(r.res, error);
      else throw error;
    }
  };
  const page = (handler: (r: SimRequest) => Promise<void> | void) => async (r: SimRequest) => {
    try {
      if (!r.url.pathname.startsWith(PAGE_PREFIX)) throw notFound(r);
      await handler(r);
    } catch (error) {
      if (error instanceof SignError) sendSignerPageError(r, error);
      else throw error;
    }
  };

  for (const [method, path, handler] of [
    ...fileRoutes(store, ctx.baseUrl),
    ...documentRoutes(store),
    ...workflowTypeRoutes(store),
    ...draftRoutes(store),
  ])
    router.on(method, path, api(handler));
  for (const [method, path, handler] of signerPageRoutes(store, ctx.faults)) router.on(method, path, page(handler));

  return {
    name: 'sign',
    router,
    errorAnswer: (status, message, code) => ({ status, body: signErrorBody(status, message, code) }),
  };
}
