import { exportJWK, generateKeyPair, jwtVerify, SignJWT, errors, type JWK, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';

export type VerifyResult = { ok: true; clientId: string; scope: string[] } | { ok: false; reason: string };

/**
 * The realm's signing key and the JWTs made with it (RS256, as a Keycloak-like provider issues).
 * The issuer is fixed at the simulator's base URL, so a token is valid whichever host name the
 * caller used to reach the token endpoint.
 */
export class TokenIssuer {
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    readonly jwk: JWK,
    private readonly issuerOf: (realm: string) => string,
    private readonly now: () => number,
  ) {}

  /** `now` is the clock in epoch ms that tokens are issued at and checked against. */
  static async create(issuerOf: (realm: string) => string, now: () => number = () => Date.now()): Promise<TokenIssuer> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    const kid = `sim-${randomUUID().slice(0, 8)}`;
    return new TokenIssuer(privateKey, publicKey, { ...jwk, kid, alg: 'RS256', use: 'sig' }, issuerOf, now);
  }

  async issue(
    realm: string,
    clientId: string,
    scope: string[],
    lifetime: number,
  ): Promise<{ token: string; issuedAt: number }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const token = await new SignJWT({ typ: 'Bearer', azp: clientId, client_id: clientId, scope: scope.join(' ') })
      .setProtectedHeader({ alg: 'RS256', kid: this.jwk.kid!, typ: 'JWT' })
      .setIssuer(this.issuerOf(realm))
      .setSubject(`service-account-${clientId}`)
      .setAudience('account')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetime)
      .setJti(randomUUID())
      .sign(this.privateKey);
    return { token, issuedAt };
  }

  /** Validates an `Authorization` header value: Bearer scheme, RS256 signature, expiry, issuer. */
  async verify(header: string | undefined, realm = 'sportello'): Promise<VerifyResult> {
    if (!header) return { ok: false, reason: 'missing Authorization header' };
    const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!m) return { ok: false, reason: 'Authorization is not a Bearer token' };
    try {
      const { payload } = await jwtVerify(m[1]!, this.publicKey, {
        issuer: this.issuerOf(realm),
        algorithms: ['RS256'],
        currentDate: new Date(this.now()),
      });
      const clientId = String(payload.azp ?? payload.client_id ?? '');
      const scope = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
      return { ok: true, clientId, scope };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'token expired' };
      if (error instanceof errors.JWTClaimValidationFailed)
        return { ok: false, reason: `invalid claim ${error.claim}` };
      if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'invalid signature' };
      return { ok: false, reason: 'malformed token' };
    }
  }
}
