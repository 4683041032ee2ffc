import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { RequireSession } from '../features/auth/components/require-session.tsx';
import { AdminLayout } from './admin-layout.tsx';

/** Every page is its own chunk; Quill is only in the two editor chunks. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Component = lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Component />
    </Suspense>
  );
}

const guarded = (element: ReactNode) => <RequireSession>{element}</RequireSession>;

export const routes: RouteObject[] = [
  { path: '/login', element: page(() => import('../features/auth/components/login-page.tsx'), 'LoginPage') },
  {
    path: '/',
    element: guarded(<AdminLayout />),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'dashboard', element: page(() => import('./routes/dashboard.tsx'), 'DashboardRoute') },
      { path: 'blogs', element: page(() => import('../features/blogs/components/blogs-page.tsx'), 'BlogsPage') },
      {
        path: 'create-blog',
        element: page(() => import('../features/blogs/components/create-blog-page.tsx'), 'CreateBlogPage'),
      },
      {
        path: 'edit-blog/:id',
        element: page(() => import('../features/blogs/components/edit-blog-page.tsx'), 'EditBlogPage'),
      },
      { path: 'admins', element: page(() => import('./routes/admins.tsx'), 'AdminsRoute') },
      {
        path: 'subscribers',
        element: page(() => import('../features/subscribers/components/subscribers-page.tsx'), 'SubscribersPage'),
      },
      { path: 'messages', element: page(() => import('../features/messages/components/messages-page.tsx'), 'MessagesPage') },
      { path: 'audit', element: page(() => import('./routes/audit.tsx'), 'AuditRoute') },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export const basename = '/admin';

export function createRouter() {
  return createBrowserRouter(routes, { basename });
}
