import './styles/globals.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { ScrollToTop } from './app/scroll-to-top';
import { readInitialSession } from './lib/auth/initial-session';
import { takeBoot } from './lib/boot';
import { registerServiceWorker } from './lib/pwa/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');

// A signed-in fan's home arrives drawn by the server, with the answers it was drawn from: the page starts
// from them (and replaces the server's markup with its own, identical, render).
const boot = takeBoot();
// Consumes the login callback in the address before anything renders (see readInitialSession).
const initialSession = readInitialSession(boot?.user ?? null);

createRoot(container).render(
  <StrictMode>
    <AppProviders initialSession={initialSession} boot={boot}>
      <ScrollToTop />
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);

// Production only: the app shell and API answers for a start without network.
registerServiceWorker();
