import Provider, {
  errors,
  interactionPolicy,
  type Adapter,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { JWK } from 'jose';
import type { Account } from '../accounts/account.repository';
import type { providerViews } from './provider-views';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SESSION_TTL = 30 * DAY;

export interface ProviderOptions {
  issuer: string;
  mountPath: string;
  clients: ClientMetadata[];
  audience: string;
  rolesClaim: string;
  accessTokenTtlSeconds: number;
  secureCookies: boolean;
  signingKeys: JWK[];
  cookieKeys: string[];
  adapter: (model: string) => Adapter;
  findAccount(id: string): Promise<Account | undefined>;
  views: ReturnType<typeof providerViews>;
}

/**
 * Every client registered here is part of Questa, so the person already agreed by signing in:
 * the grant is completed with whatever the client asked for instead of showing a consent screen.
 */
async function grantEverythingRequested(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const clientId = oidc.client!.clientId;
  const accountId = oidc.session!.accountId!;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant =
    existing && existing.accountId === accountId
      ? existing
      : new oidc.provider.Grant({ accountId, clientId });
  grant.addOIDCScope(oidc.requestParamOIDCScopes);
  grant.addOIDCClaims(oidc.requestParamClaims);
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    grant.addResourceScope(indicator, server.scope ?? '');
  }
  await grant.save();
  return grant;
}

export function createProvider(options: ProviderOptions): Provider {
  const { audience, rolesClaim, accessTokenTtlSeconds } = options;
  const cookie = { httpOnly: true, sameSite: 'lax', secure: options.secureCookies } as const;

  // `prompt=create` (OpenID Connect "Initiating User Registration") opens the sign-up form.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 1);

  const configuration: Configuration = {
    adapter: options.adapter,
    jwks: { keys: options.signingKeys } as Configuration['jwks'],
    cookies: { keys: options.cookieKeys, long: cookie, short: cookie },
    clients: options.clients,
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
      token_endpoint_auth_method: 'client_secret_basic',
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    clientBasedCORS: () => false,
    discovery: {
      prompt_values_supported: [
        'none',
        ...policy.filter((prompt) => prompt.requestable).map((prompt) => prompt.name),
      ],
    },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: {
      openid: ['sub', rolesClaim],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await options.findAccount(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.displayName,
          [rolesClaim]: account.roles,
        }),
      };
    },
    loadExistingGrant: grantEverythingRequested,
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await options.findAccount(token.accountId);
      return { [rolesClaim]: account?.roles ?? [] };
    },
    // First-party clients get a refresh token without having to ask for offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    features: {
      devInteractions: { enabled: false },
      // Only for clients registered with the client_credentials grant: the main API, drawing
      // catalog questions for learners as itself rather than as any person.
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: '',
            audience,
            accessTokenTTL: accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
      // Clients that register a back-channel logout URI hear of every sign-out here, and of
      // password changes and deleted accounts (back-channel-logout.ts).
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: options.views.logoutSource,
        postLogoutSuccessSource: options.views.postLogoutSuccessSource,
      },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
    },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      ClientCredentials: accessTokenTtlSeconds,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      // Rotation hands on the remaining lifetime, so a chain of refresh tokens ends with the session.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? SESSION_TTL,
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${options.mountPath}/interaction/${interaction.uid}`,
    },
    renderError: options.views.renderError,
  };

  const provider = new Provider(options.issuer, configuration);
  // Behind the gateway or a load balancer: trust X-Forwarded-Proto/Host for URLs and cookies.
  provider.proxy = true;
  return provider;
}
