import { timingSafeEqual } from 'node:crypto';
import { emailField, type OAuthFailureReason } from '@shared/auth';
import * as oidc from 'openid-client';
import { FLOW_TTL_MS, type PendingFlow } from './flow-cookie';

/** A social sign-in that did not work out: the page shows the text of its reason. */
export class OAuthFailure extends Error {
  constructor(
    readonly reason: OAuthFailureReason,
    options?: ErrorOptions,
  ) {
    super(`social sign-in failed: ${reason}`, options);
    this.name = 'OAuthFailure';
  }
}

/** Who the provider says signed in, read from the validated ID token (and userinfo for what it lacks). */
export interface ProviderProfile {
  /** `issuer|sub`: a subject is only unique within its issuer. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface OpenIdConnectOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

const SCOPE = 'openid email profile';
/** Seconds for each call to the provider: a hung provider must not hold the fan's browser. */
const TIMEOUT_S = 10;

/**
 * The standard authorization code flow with PKCE, state and nonce against any OpenID Connect provider
 * found by discovery: nothing here is specific to Google.
 */
export class OpenIdConnect {
  #configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly options: OpenIdConnectOptions) {}

  /** The provider's authorization URL and what must come back with its answer. */
  async start(): Promise<{ url: URL; flow: PendingFlow }> {
    const config = await this.#discover();
    const flow: PendingFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      expiresAt: Date.now() + FLOW_TTL_MS,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url, flow };
  }

  /** Checks the provider's answer against the flow, redeems the code and reads the profile. */
  async finish(callbackUrl: URL, flow: PendingFlow | null): Promise<ProviderProfile> {
    const params = callbackUrl.searchParams;
    const error = params.get('error');
    if (error) throw new OAuthFailure(error === 'access_denied' ? 'access_denied' : 'provider_error');
    const state = params.get('state');
    if (!flow || !state || !sameText(state, flow.state)) throw new OAuthFailure('invalid_state');

    const config = await this.#discover();
    const tokens = await oidc
      .authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      })
      .catch((cause: unknown) => {
        throw new OAuthFailure(unreachable(cause) ? 'provider_unavailable' : 'provider_error', { cause });
      });
    const claims = tokens.claims();
    if (!claims) throw new OAuthFailure('provider_error');

    // Google puts the profile in the ID token; other providers keep it for the userinfo endpoint.
    let userInfo: oidc.UserInfoResponse | null = null;
    if (typeof claims.email !== 'string' || typeof claims.name !== 'string') {
      userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch((cause: unknown) => {
        if (typeof claims.email === 'string') return null; // the name is a nicety; the e-mail is not
        throw new OAuthFailure(unreachable(cause) ? 'provider_unavailable' : 'provider_error', { cause });
      });
    }
    // An address and its verified flag are read together, from the same source.
    const mail: Record<string, unknown> = typeof claims.email === 'string' ? claims : (userInfo ?? {});
    const email = emailField.safeParse(mail.email);
    return {
      subject: `${config.serverMetadata().issuer}|${claims.sub}`,
      email: email.success ? email.data.toLowerCase() : null,
      // Some providers send the flag as a string; anything but true means unverified.
      emailVerified: mail.email_verified === true || mail.email_verified === 'true',
      name: text(claims.name) ?? text(userInfo?.name),
      picture: httpsUrl(claims.picture) ?? httpsUrl(userInfo?.picture),
    };
  }

  /** Discovery once per process; a failure is not remembered, so the next sign-in tries again. */
  #discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.options;
    this.#configuration ??= oidc
      .discovery(new URL(issuer), clientId, undefined, clientSecretAuth(clientSecret), {
        timeout: TIMEOUT_S,
        // An http issuer is a deliberate choice of the operator (a provider on the same host or network).
        execute: new URL(issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((cause: unknown) => {
        this.#configuration = null;
        throw new OAuthFailure('provider_unavailable', { cause });
      });
    return this.#configuration;
  }
}

/** client_secret_basic, the OpenID default, unless the provider only accepts client_secret_post. */
function clientSecretAuth(secret: string): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(secret);
  const post = oidc.ClientSecretPost(secret);
  return (as, client, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const usePost = methods?.includes('client_secret_post') && !methods.includes('client_secret_basic');
    return (usePost ? post : basic)(as, client, body, headers);
  };
}

/** The provider could not be reached or failed itself, as opposed to refusing what we sent. */
function unreachable(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  // fetch rejects with a TypeError whose cause is the socket error.
  return error instanceof TypeError && error.cause instanceof Error;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Only an https picture: the page's policy loads no other images, and no script can hide in it. */
function httpsUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}
