import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import { loadRuntimeConfig } from './config.ts';
import { mountAnnouncer } from './lib/announcer.ts';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
mountAnnouncer();

loadRuntimeConfig().then(
  () =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={createRouter()} />
        </AppProvider>
      </StrictMode>,
    ),
  (error: Error) => {
    root.textContent = `The admin cannot start: ${error.message}.`;
  },
);
