/**
 * A visitor token as a site's backend mints it, for the browser tests: the page reads its claims
 * (name, e-mail shown as verified); only the gateway checks the signature, so this one is fake.
 */
export function visitorToken(claims: { sub: string; name?: string; email?: string }): string {
  const part = (o: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;
}
