import './styles/globals.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { ScrollToTop } from './app/scroll-to-top';
import { readInitialSession } from './lib/auth/initial-session';
import { registerServiceWorker } from './lib/pwa/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks <div id="root">');

// Consumes the login callback in the address before anything renders (see readInitialSession).
const initialSession = readInitialSession();

createRoot(container).render(
  <StrictMode>
    <AppProviders initialSession={initialSession}>
      <ScrollToTop />
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);

// Production only: the app shell and API answers for a start without network.
registerServiceWorker();
