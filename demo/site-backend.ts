/**
 * The demo's pretend "site backend": what a company's own web application does in front of the
 * Sportello gateway. A visitor signs in (here: a pretend login as Ada or Bruno, remembered in an
 * HttpOnly cookie), and the page's `tokenProvider` asks this backend for a short-lived visitor
 * token, signed with the secret it shares with the gateway (`SPORTELLO_GATEWAY_VISITOR_SECRET`).
 * The claims say what this visitor may reach: their help-desk user, their practices and the
 * address they sign as, their assistants. Mounted on the demo's dev server (vite.demo.config.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT } from 'jose';
import { DEMO_VISITOR_SECRET } from '../gateway/config.js';

interface SiteUser {
  name: string;
  email: string;
  sportello: {
    desk: { idUtente: number };
    sign: { files: number[]; signer: string; author?: Record<string, unknown> };
    ai: { agents: number[] };
  };
}

/**
 * The site's two demo accounts. Ada's help-desk user created the seeded requests; Bruno has none.
 * Ada is also an agent who prepares practices (`sign.author`, hosting in-person signing as the
 * signing service's `agente.conti`); Bruno may not.
 */
export const SITE_USERS: Record<string, SiteUser> = {
  ada: {
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    sportello: {
      desk: { idUtente: 501 },
      sign: {
        files: [1001, 1003],
        signer: 'laura.bianchi@acme.test',
        author: {
          types: ['POLIZZA-AUTO', 'ASSUNZIONE', 'MODULO-LIBERO'],
          free: true,
          host: 'agente.conti',
          uploads: 200,
        },
      },
      ai: { agents: [1, 2] },
    },
  },
  bruno: {
    name: 'Bruno Bianchi',
    email: 'bruno@example.test',
    sportello: {
      desk: { idUtente: 502 },
      sign: { files: [1002], signer: 'giovanni.verdi@example.test' },
      ai: { agents: [1] },
    },
  },
};

const COOKIE = 'demo_site_user';
const TOKEN_LIFETIME_S = 600;

function who(req: IncomingMessage): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${COOKIE}=(\\w+)`).exec(req.headers.cookie ?? '');
  return m && SITE_USERS[m[1]!] ? m[1] : undefined;
}

/**
 * Mints the visitor token for a signed-in user: HS256, `sub`, `exp`, `name`, `email`, `sportello`,
 * issued at `nowMs` (the site's clock; a test gives the one its gateway checks tokens by).
 */
export function mintVisitorToken(
  userId: string,
  secret: string,
  audience = 'sportello',
  lifetimeSeconds = TOKEN_LIFETIME_S,
  nowMs = Date.now(),
): Promise<string> {
  const user = SITE_USERS[userId]!;
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ name: user.name, email: user.email, sportello: user.sportello })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(`site-user-${userId}`)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(new TextEncoder().encode(secret));
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * `POST /demo-site/login` `{user: "ada" | "bruno" | ""}` signs in (or out);
 * `GET /demo-site/me` says who is signed in;
 * `GET /demo-site/visitor-token` gives the signed-in visitor's token (401 when nobody is).
 */
export function siteBackend(secret = process.env.SPORTELLO_GATEWAY_VISITOR_SECRET ?? DEMO_VISITOR_SECRET) {
  return async (req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/demo-site/login' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const user = (JSON.parse(raw || '{}') as { user?: string }).user ?? '';
      if (user && !SITE_USERS[user]) return send(res, 400, { error: 'unknown user' });
      return send(
        res,
        200,
        { user: user || null },
        {
          'Set-Cookie': user ? `${COOKIE}=${user}; Path=/; HttpOnly; SameSite=Lax` : `${COOKIE}=; Path=/; Max-Age=0`,
        },
      );
    }
    if (path === '/demo-site/me' && req.method === 'GET') {
      const id = who(req);
      return send(
        res,
        200,
        id
          ? { user: id, name: SITE_USERS[id]!.name, email: SITE_USERS[id]!.email, sportello: SITE_USERS[id]!.sportello }
          : { user: null },
      );
    }
    if (path === '/demo-site/visitor-token' && req.method === 'GET') {
      const id = who(req);
      if (!id) return send(res, 401, { error: 'not signed in' });
      return send(res, 200, { token: await mintVisitorToken(id, secret), expires_in: TOKEN_LIFETIME_S });
    }
    next();
  };
}
