/**
 * The client's IP address, by one rule for HTTP requests and the chat socket alike: trust
 * `X-Forwarded-For` only as far as the configured proxies go — a number of hops (the proxies in
 * front, e.g. 1 for one nginx), or their addresses/CIDRs — and never from anyone. "Trust any"
 * (`true`) would let every client name its own address and walk past every per-IP limit.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Which hops to trust: `false` none (the socket's peer is the client). */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** The trust rule as Fastify (`trustProxy`) and proxy-addr take it: is the hop at `i` a trusted proxy? */
export type TrustFunction = (address: string, i: number) => boolean;

export function parseTrustProxy(
  raw: string | undefined,
): { ok: true; value: TrustProxy } | { ok: false; problem: string } {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return { ok: true, value: false };
  if (['true', '*', 'any', 'all'].includes(value.toLowerCase()))
    return {
      ok: false,
      problem: `${JSON.stringify(value)} would let any client forge its address; give the number of proxies in front (e.g. 1) or their addresses/CIDRs`,
    };
  if (/^\d+$/.test(value)) return { ok: true, value: { hops: Number(value) } };
  const proxies = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(proxies);
  } catch (error) {
    return { ok: false, problem: `${(error as Error).message} (a number of hops, or addresses/CIDRs)` };
  }
  return { ok: true, value: { proxies } };
}

export function trustFunction(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if ('hops' in trust) return (_address, i) => i < trust.hops;
  return proxyAddr.compile(trust.proxies);
}

/** The client's address for a raw request (the chat socket's upgrade), by the same rule as Fastify's `request.ip`. */
export function clientIp(req: IncomingMessage, trust: TrustFunction): string {
  return proxyAddr(req, trust);
}
