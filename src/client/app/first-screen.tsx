import { activateWith } from '@client/lib/i18n/i18n';
import { createQueryClient } from '@client/lib/query-client';
import { seedAnswers } from '@client/lib/query-snapshot';
import { ServerMediaContext, WIDE_QUERY } from '@client/lib/use-media-query';
import type { Boot, FirstScreenRenderer } from '@shared/boot';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/**
 * The signed-in home as HTML, rendered on the server from the page's own components and the boot
 * answers, so a fan on a slow connection sees the match and the players to rate before the script
 * arrives. The page then renders itself from the same answers in its place (no hydration: it replaces
 * this markup, which it draws identically).
 */
export const renderFirstScreen: FirstScreenRenderer['renderFirstScreen'] = (
  boot: Boot,
  { wide, messages },
) => {
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
