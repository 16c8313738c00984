import './styles/globals.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { ScrollToTop } from './app/scroll-to-top';
import { readInitialSession } from './lib/auth/initial-session';
import { takeBoot } from './lib/boot';
import { activateLocale, activateWith, initialLocale, loadCatalog } from './lib/i18n/i18n';
import { registerServiceWorker } from './lib/pwa/register-service-worker';
import { readStoredUser } from './lib/storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');

// A signed-in fan's home arrives drawn by the server, with the answers it was drawn from: the page starts
// from them (and replaces the server's markup with its own, identical, render).
const boot = takeBoot();
// Consumes the login callback in the address before anything renders (see readInitialSession).
const initialSession = readInitialSession(boot?.user ?? null);

function render() {
  createRoot(container as HTMLElement).render(
    <StrictMode>
      <AppProviders initialSession={initialSession} boot={boot}>
        <ScrollToTop />
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}

// The reader's language first: the one the server drew in, else the account's, else the device's
// choice, else the browser's. Only its
// catalogue is fetched; were that to fail (offline before it was ever cached), the page still opens.
activateLocale(boot?.locale ?? initialLocale(readStoredUser()?.locale))
  .catch(() => activateLocale('en'))
  .catch(() => activateWith('en', {}))
  .finally(() => {
    render();
    // The rest of the fan's words (dialogs, the server's refusals), ready before they are shown.
    setTimeout(() => {
      for (const bundle of ['first-rest', 'errors'] as const) loadCatalog(bundle).catch(() => undefined);
    }, 1500);
  });

// Production only: the app shell and API answers for a start without network.
registerServiceWorker();
