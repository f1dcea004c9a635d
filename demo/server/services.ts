import type { ServiceModule, SimContext } from './core/service.js';
import { createAuthService } from './auth/index.js';
import { createAiService } from './ai/index.js';
import { createSignService } from './sign/index.js';
import { createDeskService } from './desk/index.js';
import { createChatService } from './chat/index.js';

/** Every simulated service, mounted on one port by `startSimulator`. */
export async function createServices(ctx: SimContext): Promise<ServiceModule[]> {
  return Promise.all([
    createAuthService(ctx),
    createAiService(ctx),
    createSignService(ctx),
    createDeskService(ctx),
    createChatService(ctx),
  ]);
}
