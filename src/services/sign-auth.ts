/**
 * Which credentials a signing element uses: a token provider (Bearer, spec §5 mode 2), the API-key
 * pair for development (`X-SignToken` + `X-SignUser`, mode 1), or none when the endpoint is the
 * portal's proxy that adds them.
 */
import { bearer, none, signApiKey, type AuthStrategy, type TokenProvider } from '../transport/auth.js';

export interface SignCredentials {
  tokenProvider?: TokenProvider | undefined;
  signToken?: string | undefined;
  signUser?: string | undefined;
  /** Each token the provider gives, as it is used (the viewer reads the signer it names). */
  onToken?: ((token: string) => void) | undefined;
}

export function signAuth(c: SignCredentials): AuthStrategy {
  if (c.tokenProvider) {
    const provider = c.tokenProvider;
    return bearer(async (options) => {
      const token = await provider(options);
      c.onToken?.(token);
      return token;
    });
  }
  if (c.signToken && c.signUser) return signApiKey(c.signToken, c.signUser);
  return none;
}
