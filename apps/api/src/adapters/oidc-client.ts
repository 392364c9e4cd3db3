import * as oidc from 'openid-client';
import type { QuestaConfig } from '@questa/config';
import { HttpProblem } from '@questa/http-kit';

export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string;
  /** Epoch milliseconds. */
  accessExpiresAt: number;
}

export interface SignedInIdentity {
  sub: string;
  email: string;
  name: string;
  roles: string[];
}

/** What the backend-for-frontend needs from an OpenID Connect provider. */
export interface OidcClient {
  authorizationUrl(input: {
    state: string;
    nonce: string;
    codeVerifier: string;
    signup: boolean;
  }): Promise<string>;
  exchangeCode(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ tokens: TokenSet; identity: SignedInIdentity }>;
  /** Rotates the refresh token; providers may omit a new ID token, so the last one is kept. */
  refresh(refreshToken: string, idToken: string): Promise<TokenSet>;
  endSessionUrl(idToken: string): Promise<string>;
  revoke(refreshToken: string): Promise<void>;
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  rolesClaim: string;
  /** Resource indicator for access tokens meant for the question database. */
  audience: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

/** The main API's client at the provider named by configuration; the redirects are its own. */
export function oidcClientFromConfig(config: QuestaConfig, clientSecret: string): OidcClient {
  return createOidcClient({
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    clientSecret,
    scopes: config.oidc.scopes,
    rolesClaim: config.oidc.rolesClaim,
    audience: config.oidc.audience,
    redirectUri: `${config.publicUrl}/api/auth/callback`,
    postLogoutRedirectUri: `${config.publicUrl}/`,
  });
}

export const newPkceVerifier = () => oidc.randomPKCECodeVerifier();
export const newState = () => oidc.randomState();
export const newNonce = () => oidc.randomNonce();

/**
 * openid-client over any standard provider. Discovery is lazy and retried: in one-process mode the
 * provider is this very server, which is not listening yet while the app is built.
 */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  let configuration: Promise<oidc.Configuration> | undefined;
  const config = () => {
    configuration ??= oidc
      .discovery(
        new URL(options.issuer),
        options.clientId,
        undefined,
        oidc.ClientSecretBasic(options.clientSecret),
        options.issuer.startsWith('http://')
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw unavailable(error);
      });
    return configuration;
  };

  const toTokenSet = (response: oidc.TokenEndpointResponse, previousIdToken?: string): TokenSet => {
    const idToken = response.id_token ?? previousIdToken;
    if (!idToken) throw unavailable(new Error('The provider returned no ID token'));
    return {
      accessToken: response.access_token,
      refreshToken: response.refresh_token,
      idToken,
      accessExpiresAt: Date.now() + (response.expires_in ?? 600) * 1000,
    };
  };

  return {
    async authorizationUrl({ state, nonce, codeVerifier, signup }) {
      const parameters: Record<string, string> = {
        redirect_uri: options.redirectUri,
        scope: options.scopes,
        resource: options.audience,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      if (signup) parameters.prompt = 'create';
      return oidc.buildAuthorizationUrl(await config(), parameters).href;
    },

    async exchangeCode(callbackUrl, checks) {
      const response = await oidc.authorizationCodeGrant(
        await config(),
        callbackUrl,
        {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        },
        { resource: options.audience },
      );
      const claims = response.claims();
      if (!claims) throw unavailable(new Error('The provider returned no ID token'));
      const roles = claims[options.rolesClaim];
      return {
        tokens: toTokenSet(response),
        identity: {
          sub: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : '',
          name: typeof claims.name === 'string' ? claims.name : '',
          roles: Array.isArray(roles) ? roles.filter((role) => typeof role === 'string') : [],
        },
      };
    },

    async refresh(refreshToken, idToken) {
      const response = await oidc.refreshTokenGrant(await config(), refreshToken, {
        resource: options.audience,
      });
      return toTokenSet(response, idToken);
    },

    async endSessionUrl(idToken) {
      return oidc.buildEndSessionUrl(await config(), {
        id_token_hint: idToken,
        post_logout_redirect_uri: options.postLogoutRedirectUri,
      }).href;
    },

    async revoke(refreshToken) {
      await oidc.tokenRevocation(await config(), refreshToken, {
        token_type_hint: 'refresh_token',
      });
    },
  };
}

const unavailable = (cause: unknown) =>
  Object.assign(
    new HttpProblem('unavailable', {
      detail: 'The sign-in service is not answering. Please try again shortly.',
      retryAfter: 5,
    }),
    { cause },
  );
