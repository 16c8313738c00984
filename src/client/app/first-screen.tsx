import { answerRequestsWith } from '@client/lib/api-client';
import { activateWith } from '@client/lib/i18n/i18n';
import { createQueryClient } from '@client/lib/query-client';
import { seedAnswers } from '@client/lib/query-snapshot';
import { ServerMediaContext, WIDE_QUERY } from '@client/lib/use-media-query';
import type { BootAnswer, FirstScreenRenderer, PublicScreenRequest } from '@shared/boot';
import { QueryClient, type QueryKey, skipToken } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/**
 * The signed-in home as HTML, rendered on the server from the page's own components and the boot
 * answers, so a fan on a slow connection sees the match and the players to rate before the script
 * arrives. The page then renders itself from the same answers in its place (no hydration: it replaces
 * this markup, which it draws identically).
 */
export const renderFirstScreen: FirstScreenRenderer['renderFirstScreen'] = (boot, { wide, messages }) => {
  // One render at a time (renderToString is synchronous), so the one translator can switch per request.
  activateWith(boot.locale, messages);
  const queryClient = createQueryClient();
  seedAnswers(queryClient, boot.user.id, boot.answers);
  const session = {
    status: 'authenticated' as const,
    user: boot.user,
    discardCallback: false,
    callbackCheck: null,
  };
  const html = renderToString(
    <ServerMediaContext.Provider value={(query) => (query === WIDE_QUERY ? wide : undefined)}>
      <AppProviders initialSession={session} queryClient={queryClient}>
        <Router ssrPath="/">
          <AppRouter />
        </Router>
      </AppProviders>
    </ServerMediaContext.Provider>,
  );
  queryClient.clear();
  return html;
};

/** Rounds of reading: a screen whose reads depend on earlier answers (the season's list, then its table). */
const MAX_ROUNDS = 4;

interface WantedQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
  enabled?: unknown;
}

/** A query client that notes every query a render asks for and would run (enabled, with a function). */
function readingClient(): { client: QueryClient; wanted: Map<string, QueryKey> } {
  const client = createQueryClient();
  const wanted = new Map<string, QueryKey>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaults(options);
    const query = defaulted as WantedQuery & { queryHash: string };
    if (
      query.enabled !== false &&
      typeof query.queryFn === 'function' &&
      (query.queryFn as unknown) !== skipToken
    )
      wanted.set(query.queryHash, query.queryKey);
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];
  return { client, wanted };
}

async function prerendered(tree: ReactNode): Promise<string> {
  let failed = false;
  const { prelude } = await prerenderToNodeStream(tree, {
    onError: () => {
      failed = true;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  // A part that threw is left for the page to draw: a screen drawn in part is not sent.
  if (failed) throw new Error('a part of the screen cannot be drawn on the server');
  return Buffer.concat(chunks).toString('utf8');
}

/** The screens' code is loaded by the first drawing of each: that is not drawing time. */
const drawnBefore = new Set<string>();

/** One drawing at a time: the one translator and the request transport are the render's while it runs. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * A screen a signed-out visitor can land on, as HTML, rendered from the page's own components: every
 * lazy screen waited for, and every read it makes answered through the server's own routes (GET only,
 * no cookie), round after round until the screen asks for nothing new. The answers go into the page
 * with the markup, so the page starts from them and replaces this drawing with an identical one.
 */
export const renderPublicScreen: FirstScreenRenderer['renderPublicScreen'] = (request) => {
  const run = queue.then(() => drawPublic(request));
  queue = run.catch(() => undefined);
  return run;
};

async function drawPublic({ url, locale, wide, messages, read }: PublicScreenRequest) {
  activateWith(locale, messages);
  answerRequestsWith(async (input, init) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    // Drawing only reads: anything else (a one-time link's confirmation) waits for the visitor's page.
    if ((init?.method ?? 'GET') !== 'GET' || !path.startsWith('/api/'))
      return new Response(null, { status: 405 });
    const answer = await read(path);
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const session = { status: 'anonymous' as const, user: null, discardCallback: false, callbackCheck: null };
  const [path = '/', search = ''] = url.split('?');
  const answers = new Map<string, BootAnswer>();
  const tried = new Set<string>();
  let renderMs = 0;
  try {
    for (let round = 1; ; round++) {
      const { client, wanted } = readingClient();
      for (const answer of answers.values()) client.setQueryData(answer.key, answer.data);
      const began = performance.now();
      const html = await prerendered(
        <ServerMediaContext.Provider value={(query) => (query === WIDE_QUERY ? wide : undefined)}>
          {/* Around everything: the providers' parts that read the address read this one. */}
          <Router ssrPath={path} ssrSearch={search}>
            <AppProviders initialSession={session} queryClient={client}>
              <AppRouter />
            </AppProviders>
          </Router>
        </ServerMediaContext.Provider>,
      );
      const screen = path.split('/')[1] ?? '';
      if (drawnBefore.has(screen)) renderMs += performance.now() - began;
      drawnBefore.add(screen);
      const missing = [...wanted].filter(([hash]) => !tried.has(hash) && !answers.has(hash));
      if (missing.length === 0 || round === MAX_ROUNDS) {
        client.clear();
        // Still reading after the last round: a screen half drawn is not sent; the page draws it.
        return missing.length === 0 ? { html, answers: [...answers.values()], renderMs } : null;
      }
      const reader = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await Promise.all(
        missing.map(async ([hash, key]) => {
          tried.add(hash);
          const options = client.getQueryCache().find({ queryKey: key, exact: true })?.options;
          if (!options?.queryFn) return;
          try {
            const data: unknown = await reader.fetchQuery({ ...options, queryKey: key, retry: false });
            answers.set(hash, { key: key as BootAnswer['key'], data });
          } catch {
            // Not readable signed out (or refused): the screen shows what it shows without it.
          }
        }),
      );
      reader.clear();
      client.clear();
    }
  } finally {
    answerRequestsWith((input, init) => fetch(input, init));
  }
}
