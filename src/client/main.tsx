import './styles/globals.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadScreen } from './app/router';
import { ScrollToTop } from './app/scroll-to-top';
import { readInitialSession } from './lib/auth/initial-session';
import { takeBoot, takeTyped } from './lib/boot';
import { activateLocale, activateWith, initialLocale, loadCatalog } from './lib/i18n/i18n';
import { registerServiceWorker } from './lib/pwa/register-service-worker';
import { readStoredUser } from './lib/storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');

// A signed-in fan's home arrives drawn by the server, with the answers it was drawn from: the page starts
// from them (and replaces the server's markup with its own, identical, render).
const boot = takeBoot();
// Consumes the login callback in the address before anything renders (see readInitialSession).
const initialSession = readInitialSession(boot?.user ?? null, { drawnSignedOut: boot?.user === null });
// A screen drawn by the server stays until the page can draw it whole: its code and words first.
const screenReady = boot
  ? (() => {
      activateWith(boot.locale, {});
      return preloadScreen(window.location.pathname, initialSession.status === 'anonymous');
    })()
  : Promise.resolve();

function render() {
  // What the visitor typed into the server's drawing goes over to the page's own fields.
  const typed = boot ? takeTyped(container as HTMLElement) : null;
  const root = createRoot(container as HTMLElement);
  flushSync(() =>
    root.render(
      <StrictMode>
        <AppProviders initialSession={initialSession} boot={boot}>
          <ScrollToTop />
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  );
  typed?.restore();
}

// The reader's language first: the one the server drew in, else the account's, else the device's
// choice, else the browser's. Only its
// catalogue is fetched; were that to fail (offline before it was ever cached), the page still opens.
activateLocale(boot?.locale ?? initialLocale(readStoredUser()?.locale))
  .catch(() => activateLocale('en'))
  .catch(() => activateWith('en', {}))
  .finally(async () => {
    await screenReady;
    render();
    // The rest of the fan's words (dialogs, the server's refusals), ready before they are shown.
    setTimeout(() => {
      for (const bundle of ['first-rest', 'errors'] as const) loadCatalog(bundle).catch(() => undefined);
    }, 1500);
  });

// Production only: the app shell and API answers for a start without network.
registerServiceWorker();
