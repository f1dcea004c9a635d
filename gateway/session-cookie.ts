/** The gateway's anonymous session cookie: its name, and reading it from a `Cookie` header. Pure. */

export const SESSION_COOKIE = 'sportello_session';

export function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
