import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AdminShell } from '../components/admin-shell.tsx';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { RequireSession } from '../features/auth/components/require-session.tsx';

const LoginPage = lazy(() => import('../features/auth/components/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const DashboardPage = lazy(() =>
  import('../features/dashboard/components/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);

const withSkeleton = (element: React.ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

export const router = createBrowserRouter(
  [
    { path: '/login', element: withSkeleton(<LoginPage />) },
    {
      path: '/',
      element: (
        <RequireSession>
          <AdminShell />
        </RequireSession>
      ),
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        { path: 'dashboard', element: withSkeleton(<DashboardPage />) },
        { path: '*', element: <Navigate to="/dashboard" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);
