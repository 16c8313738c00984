import type { FastifyInstance } from 'fastify';

/** Where a navigation stopped: a page with its HTML, or the app's own page (the API tests serve none). */
export interface Landing {
  url: URL;
  status: number;
  /** null: the app's page, which is not fetched. */
  html: string | null;
}

export type ProviderDecision = 'allow' | 'deny' | 'cancel';

/**
 * Just enough of a browser for the social sign-in API tests: follows redirects between the app (through
 * inject) and the identity provider (real HTTP), keeps each origin's cookies, and submits the provider's
 * forms.
 */
export class OidcBrowser {
  readonly #jar = new Map<string, Map<string, string>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly appOrigin: string,
  ) {}

  /** Follows redirects from `url` until a page, or until `stopAt` says a URL is not to be visited. */
  async open(
    url: string | URL,
    { form, stopAt }: { form?: URLSearchParams; stopAt?: (url: URL) => boolean } = {},
  ): Promise<Landing> {
    let target = new URL(url, this.appOrigin);
    let body = form;
    for (let hop = 0; hop < 20; hop++) {
      const onApp = target.origin === this.appOrigin;
      if (stopAt?.(target) || (onApp && !target.pathname.startsWith('/api/'))) {
        return { url: target, status: 0, html: null };
      }
      const answer = onApp ? await this.#inject(target) : await this.#fetch(target, body);
      const location = answer.status >= 300 && answer.status < 400 ? answer.location : undefined;
      if (!location) return { url: target, status: answer.status, html: answer.body };
      target = new URL(location, target);
      body = undefined; // 302 and 303 go on with a GET
    }
    throw new Error('too many redirects');
  }

  /**
   * Starts the app's social sign-in and answers the provider's pages as a person would: sign in as
   * `login`, then allow or deny; 'cancel' gives up on the sign-in page. Returns where the app sent us
   * (or, with `stopAt`, the first URL it matched, unvisited).
   */
  async signIn(
    login: string,
    decision: ProviderDecision = 'allow',
    stopAt?: (url: URL) => boolean,
  ): Promise<URL> {
    let landing = await this.open('/api/oauth/google', { stopAt });
    for (let step = 0; step < 4 && landing.html !== null; step++) {
      const actions = [...landing.html.matchAll(/<form method="post" action="([^"]+)">/g)].map((m) => m[1]);
      const pick = (name: string) => actions.find((a) => a?.endsWith(`/${name}`));
      const signInForm = pick('login');
      const action =
        signInForm && decision !== 'cancel'
          ? signInForm
          : decision === 'allow'
            ? pick('consent')
            : pick('deny');
      if (!action) throw new Error(`no way on from ${landing.url} (${landing.status}): ${landing.html}`);
      landing = await this.open(new URL(action, landing.url), {
        form: new URLSearchParams({ login, password: 'any' }),
        stopAt,
      });
    }
    if (landing.html !== null) throw new Error(`stuck at ${landing.url}: ${landing.html}`);
    return landing.url;
  }

  /** The app's cookies as a Cookie header. */
  appCookies(): string {
    return this.#cookieHeader(this.appOrigin);
  }

  cookie(origin: string, name: string): string | undefined {
    return this.#jar.get(origin)?.get(name);
  }

  async #inject(target: URL) {
    const response = await this.app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { cookie: this.#cookieHeader(target.origin), 'user-agent': 'oidc-browser' },
    });
    const setCookie = response.headers['set-cookie'];
    this.#store(target.origin, setCookie === undefined ? [] : [setCookie].flat());
    const location = response.headers.location;
    return {
      status: response.statusCode,
      location: typeof location === 'string' ? location : undefined,
      body: response.body,
    };
  }

  async #fetch(target: URL, form?: URLSearchParams) {
    const response = await fetch(target, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: this.#cookieHeader(target.origin) },
      body: form,
    });
    this.#store(target.origin, response.headers.getSetCookie());
    return {
      status: response.status,
      location: response.headers.get('location') ?? undefined,
      body: await response.text(),
    };
  }

  #store(origin: string, headers: string[]) {
    const cookies = this.#jar.get(origin) ?? new Map<string, string>();
    this.#jar.set(origin, cookies);
    for (const header of headers) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  #cookieHeader(origin: string): string {
    return [...(this.#jar.get(origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
