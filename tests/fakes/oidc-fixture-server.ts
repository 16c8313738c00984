import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims, type Configuration } from 'oidc-provider';

/** An identity at the test provider; `login` is what is typed into its sign-in page. */
export interface OidcAccount {
  login: string;
  /** The provider's subject; the login when absent. */
  sub?: string;
  email?: string;
  /** Some providers send the flag as a string. Absent: the claim is left out. */
  emailVerified?: boolean | 'true' | 'false';
  name?: string;
  picture?: string;
}

export interface OidcFixtureOptions {
  /** 0 (default): any free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
  accounts?: OidcAccount[];
  /** The account of a login that is not in `accounts` (the browser tests sign in as fresh fans). */
  accountFor?: (login: string) => OidcAccount | undefined;
  /** Profile and e-mail claims in the ID token, as Google sends them; by default only from userinfo. */
  claimsInIdToken?: boolean;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with PKCE required, one confidential
 * client and its own small sign-in and consent pages: plain forms that a browser test clicks through
 * and an API test posts to (see oidc-browser.ts).
 */
export async function startOidcFixture(options: OidcFixtureOptions) {
  const accounts = new Map((options.accounts ?? []).map((a) => [a.login, a]));
  const byLogin = (login: string) => accounts.get(login) ?? options.accountFor?.(login);
  const subjectOf = (account: OidcAccount) => account.sub ?? account.login;
  const bySubject = (sub: string) =>
    [...accounts.values()].find((a) => subjectOf(a) === sub) ?? options.accountFor?.(sub);
  const clientId = options.clientId ?? 'matchday-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: !options.claimsInIdToken,
    pkce: { required: () => true },
    // Seconds; set, so the provider does not warn about its defaults.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = bySubject(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => claimsOf(account) };
    },
  };
  const provider = new Provider(issuer, configuration);
  const handleProvider = provider.callback();

  let down = false;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // A provider that is down: the connection drops without an answer.
    if (down) return void req.socket.destroy();
    const match = /^\/interaction\/([\w-]+)(?:\/(login|consent|deny))?$/.exec(
      new URL(req.url ?? '/', issuer).pathname,
    );
    if (!match?.[1]) return void handleProvider(req, res);
    const uid = match[1];
    interaction(req, res, uid, match[2]).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET' && !action) {
      return page(res, 200, details.prompt.name === 'login' ? loginPage(uid) : consentPage(uid));
    }
    if (req.method !== 'POST') return page(res, 405, '<p>Method not allowed</p>');
    if (action === 'deny') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    }
    if (action === 'login') {
      const login = (await readForm(req)).get('login')?.trim() ?? '';
      const account = byLogin(login);
      if (!account) return page(res, 400, loginPage(uid, `No account "${login}" here.`));
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: subjectOf(account) } },
        { mergeWithLastSubmission: false },
      );
    }
    // Consent: grant what the client asked for, as a person pressing Allow does.
    const { accountId } = details.session ?? {};
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  return {
    issuer,
    clientId,
    clientSecret,
    /** Adds or replaces an account. */
    addAccount(account: OidcAccount) {
      accounts.set(account.login, account);
    },
    /** From now on, drop every connection (true) or answer again (false). */
    setDown(value: boolean) {
      down = value;
    },
    /** The app's OAUTH_GOOGLE_* variables for this provider. */
    env: {
      OAUTH_GOOGLE_ISSUER: issuer,
      OAUTH_GOOGLE_CLIENT_ID: clientId,
      OAUTH_GOOGLE_CLIENT_SECRET: clientSecret,
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
export type OidcFixture = Awaited<ReturnType<typeof startOidcFixture>>;

function claimsOf(account: OidcAccount): AccountClaims {
  const claims: AccountClaims = { sub: account.sub ?? account.login };
  if (account.email !== undefined) claims.email = account.email;
  if (account.emailVerified !== undefined) claims.email_verified = account.emailVerified;
  if (account.name !== undefined) claims.name = account.name;
  if (account.picture !== undefined) claims.picture = account.picture;
  return claims;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  // No outside resource (not even a favicon request): the machine running the tests has no network.
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">` +
      `<meta name="viewport" content="width=device-width"><title>Test Identity Provider</title></head>` +
      `<body><main>${body}</main></body></html>`,
  );
}

function loginPage(uid: string, error?: string): string {
  return (
    '<h1>Sign in to Test Identity Provider</h1>' +
    (error ? `<p role="alert">${escapeHtml(error)}</p>` : '') +
    `<form method="post" action="/interaction/${uid}/login">` +
    '<p><label>Email or username <input name="login" required autofocus></label></p>' +
    '<p><label>Password <input type="password" name="password"></label></p>' +
    '<button type="submit">Sign in</button></form>' +
    `<form method="post" action="/interaction/${uid}/deny"><button type="submit">Cancel</button></form>`
  );
}

function consentPage(uid: string): string {
  return (
    '<h1>Allow Matchday to use your account?</h1>' +
    '<p>It will see your name, email address and picture.</p>' +
    `<form method="post" action="/interaction/${uid}/consent"><button type="submit">Allow</button></form>` +
    `<form method="post" action="/interaction/${uid}/deny"><button type="submit">Deny</button></form>`
  );
}
