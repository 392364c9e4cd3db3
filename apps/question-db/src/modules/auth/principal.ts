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
  /** The workspace pays for its plan, which raises the key's request limit. */
  paidPlan: boolean;
}

/**
 * A trusted Questa service calling with a client-credentials token, for no person: no roles, no
 * memberships, only what the policy grants services (drawing from catalog banks).
 */
export interface ServicePrincipal extends Principal {
  kind: 'service';
  service: true;
}

export type RequestPrincipal = UserPrincipal | ApiKeyPrincipal | ServicePrincipal;
