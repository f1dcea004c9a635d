/**
 * Seeded clients of the simulated identity provider (design.md "Seeded credentials").
 * `defaultScopes` are granted when the request names none; `optionalScopes` only when asked.
 */
export interface IdpClient {
  clientId: string;
  /** Null for a public client (no secret). */
  secret: string | null;
  /** Whether the client may use the client-credentials grant (service account enabled). */
  clientCredentials: boolean;
  defaultScopes: string[];
  optionalScopes: string[];
  /** Access-token lifetime in seconds. */
  lifetime: number;
}

export const REALMS = ['sportello'] as const;

export const CLIENTS: IdpClient[] = [
  {
    clientId: 'sportello-demo',
    secret: 'demo-secret',
    clientCredentials: true,
    defaultScopes: ['profile', 'email', 'desk', 'sign', 'chat:read', 'chat:write'],
    optionalScopes: ['chat:admin'],
    lifetime: 3600,
  },
  {
    // Expires in a few seconds, so tests can watch a token provider refresh.
    clientId: 'sportello-short',
    secret: 'short-secret',
    clientCredentials: true,
    defaultScopes: ['profile', 'desk', 'sign', 'chat:read'],
    optionalScopes: [],
    lifetime: 4,
  },
  {
    // A browser (public) client: the client-credentials grant is not allowed for it.
    clientId: 'sportello-web',
    secret: null,
    clientCredentials: false,
    defaultScopes: ['profile'],
    optionalScopes: [],
    lifetime: 300,
  },
];

export const findClient = (id: string) => CLIENTS.find((c) => c.clientId === id);
