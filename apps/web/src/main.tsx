import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers, showHttpError } from './app/providers';
import { createAppRouter } from './app/router';
import { configureHttp } from './lib/http';
import { loadCatalogue, storedLanguage } from './lib/i18n';

// The toasts are wired before the router exists: its loaders call the server at once (the
// menus), and a lost session's 401 can come back before React has rendered anything.
configureHttp({ notify: showHttpError });
const router = createAppRouter();

// Client-side navigation keeps the toast a failed call shows (a 401 above all) on screen.
configureHttp({
  navigate: (to) => void router.navigate(to),
  currentPath: () => router.state.location.pathname,
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first screen shows the contract's messages in the stored language: its catalogue (the
// Chinese one loads on demand) is there before anything renders.
void loadCatalogue(storedLanguage()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
