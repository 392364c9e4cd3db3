import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { QuestaConfig } from '@questa/config';
import { HttpProblem } from '@questa/http-kit';
import { InvalidLogoutTokenError, logoutTargetOf, type LogoutTarget } from './logout-token';
import { createClientCredentialsTokenSource, type ServiceTokenSource } from './service-token';

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
    /** The app's language, for the provider's pages (`ui_locales`). */
    locale?: string | undefined;
  }): Promise<string>;
  exchangeCode(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ tokens: TokenSet; identity: SignedInIdentity; sid?: string | undefined }>;
  /**
   * Rotates the refresh token; providers may omit a new ID token, so the last one is kept.
   * Rejects with `RefreshRefusedError` when the provider will not refresh (the sign-in is over),
   * and with an `unavailable` problem when it cannot be reached (the sign-in is not).
   */
  refresh(refreshToken: string, idToken: string): Promise<TokenSet>;
  /** The provider's sign-out page; `locale` is the app's language, for that page (`ui_locales`). */
  endSessionUrl(idToken: string, locale?: string): Promise<string>;
  revoke(refreshToken: string): Promise<void>;
  /**
   * Checks a back-channel logout token the provider sent: its signature by the provider's
   * published keys, issuer, audience (this client), age, event and the absence of a nonce.
   * Rejects with `InvalidLogoutTokenError` when any fails, and with an `unavailable` problem when
   * the provider's keys cannot be fetched.
   */
  verifyLogoutToken(token: string): Promise<LogoutTarget>;
}

/** Where the main API meets its provider, and as which client. */
export interface ProviderRegistration {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The provider's metadata and the client's credentials, as openid-client takes them. */
export type ProviderConfiguration = () => Promise<oidc.Configuration>;

export interface OidcClientOptions extends ProviderRegistration {
  scopes: string;
  rolesClaim: string;
  /** Resource indicator for access tokens meant for the question database. */
  audience: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

/**
 * The main API at the provider named by configuration: the client people sign in through (the
 * redirects are its own), and the source of the tokens it calls the question database with in
 * its own name. Both share one discovery.
 */
export function providerClientsFromConfig(
  config: QuestaConfig,
  clientSecret: string,
): { oidc: OidcClient; serviceToken: ServiceTokenSource } {
  const registration = { issuer: config.oidc.issuer, clientId: config.oidc.clientId, clientSecret };
  const configuration = discoverProvider(registration);
  return {
    oidc: createOidcClient(
      {
        ...registration,
        scopes: config.oidc.scopes,
        rolesClaim: config.oidc.rolesClaim,
        audience: config.oidc.audience,
        redirectUri: `${config.publicUrl}/api/auth/callback`,
        postLogoutRedirectUri: `${config.publicUrl}/`,
      },
      configuration,
    ),
    serviceToken: createClientCredentialsTokenSource({
      configuration,
      audience: config.oidc.audience,
    }),
  };
}

export const newPkceVerifier = () => oidc.randomPKCECodeVerifier();
export const newState = () => oidc.randomState();
export const newNonce = () => oidc.randomNonce();

/**
 * The provider's discovery document, fetched on first use and then kept. Lazy and retried: in
 * one-process mode the provider is this very server, which is not listening yet while the app is
 * built.
 */
export function discoverProvider(registration: ProviderRegistration): ProviderConfiguration {
  let configuration: Promise<oidc.Configuration> | undefined;
  return () => {
    configuration ??= oidc
      .discovery(
        new URL(registration.issuer),
        registration.clientId,
        undefined,
        oidc.ClientSecretBasic(registration.clientSecret),
        {
          // Seconds, for discovery and every later request: a sign-in or refresh never hangs.
          timeout: PROVIDER_TIMEOUT_SECONDS,
          execute: registration.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw unavailable(error);
      });
    return configuration;
  };
}

/** openid-client over any standard provider. */
export function createOidcClient(
  options: OidcClientOptions,
  config: ProviderConfiguration = discoverProvider(options),
): OidcClient {
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
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
    async authorizationUrl({ state, nonce, codeVerifier, signup, locale }) {
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
      if (locale) parameters.ui_locales = locale;
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
        sid: typeof claims.sid === 'string' ? claims.sid : undefined,
        identity: {
          sub: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : '',
          name: typeof claims.name === 'string' ? claims.name : '',
          roles: Array.isArray(roles) ? roles.filter((role) => typeof role === 'string') : [],
        },
      };
    },

    async refresh(refreshToken, idToken) {
      let response;
      try {
        response = await oidc.refreshTokenGrant(await config(), refreshToken, {
          resource: options.audience,
        });
      } catch (error) {
        if (error instanceof HttpProblem) throw error;
        // An answer from the provider that refuses the grant (revoked, reused, expired) ends the
        // sign-in; anything else (no answer, a time-out, a 5xx) says nothing about it.
        if (error instanceof oidc.ResponseBodyError && error.status < 500) {
          throw new RefreshRefusedError(error.error, { cause: error });
        }
        throw unavailable(error);
      }
      return toTokenSet(response, idToken);
    },

    async endSessionUrl(idToken, locale) {
      return oidc.buildEndSessionUrl(await config(), {
        id_token_hint: idToken,
        post_logout_redirect_uri: options.postLogoutRedirectUri,
        ...(locale && { ui_locales: locale }),
      }).href;
    },

    async revoke(refreshToken) {
      await oidc.tokenRevocation(await config(), refreshToken, {
        token_type_hint: 'refresh_token',
      });
    },

    async verifyLogoutToken(token) {
      const metadata = (await config()).serverMetadata();
      if (!metadata.jwks_uri) throw unavailable(new Error('The provider publishes no jwks_uri'));
      // Keys are fetched on first use and again when a token names a key not seen yet, so a
      // rotation at the provider is picked up without a restart.
      keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri), {
        timeoutDuration: PROVIDER_TIMEOUT_SECONDS * 1000,
      });
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: metadata.issuer,
          audience: options.clientId,
          maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
          clockTolerance: LOGOUT_TOKEN_CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['iat', 'jti'],
        });
        return logoutTargetOf(
          payload,
          LOGOUT_TOKEN_MAX_AGE_SECONDS + LOGOUT_TOKEN_CLOCK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof InvalidLogoutTokenError) throw error;
        if (
          error instanceof joseErrors.JWKSTimeout ||
          (error instanceof Error && !(error instanceof joseErrors.JOSEError))
        ) {
          throw unavailable(error);
        }
        throw new InvalidLogoutTokenError(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/**
 * A logout token is delivered at once, so one issued long ago is a replay; the provider's clock may
 * differ from ours by a little.
 */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 5 * 60;
const LOGOUT_TOKEN_CLOCK_TOLERANCE_SECONDS = 30;

const PROVIDER_TIMEOUT_SECONDS = 10;

/** The provider answered a refresh with a refusal: the session it belonged to is over. */
export class RefreshRefusedError extends Error {
  constructor(reason: string, options: { cause: unknown }) {
    super(`The identity provider refused to refresh the session (${reason}).`, options);
    this.name = 'RefreshRefusedError';
  }
}

const unavailable = (cause: unknown) =>
  Object.assign(
    new HttpProblem('unavailable', {
      detail: 'The sign-in service is not answering. Please try again shortly.',
      retryAfter: 5,
    }),
    { cause },
  );
