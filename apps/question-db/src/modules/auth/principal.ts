import type { Principal } from '@questa/policy';

/** A person signed in at the identity provider, calling with their access token. */
export interface UserPrincipal extends Principal {
  kind: 'user';
}

/** An integrator's API key: a member of its own tenant only, with the reach of its scopes. */
export interface ApiKeyPrincipal extends Principal {
  kind: 'api_key';
  credentialId: string;
  clientId: string;
}

export type RequestPrincipal = UserPrincipal | ApiKeyPrincipal;
