import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../../src/app/provider.tsx';
import { routes } from '../../src/app/router.tsx';
import { basePath } from '../../src/config.ts';

/** Renders the whole app (providers, session guard, lazy routes) at an admin path such as '/blogs'. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { basename: basePath, initialEntries: [`${basePath}${path}`] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}
