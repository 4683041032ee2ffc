import { adminPaths } from '@cfp/shared';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PageSkeleton } from '../components/page-skeleton.tsx';
import { basePath } from '../config.ts';
import { RequireSession } from '../features/auth/components/require-session.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { ErrorPage } from './routes/error-page.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

/** Every page is its own chunk; Quill is only in the chunks of the screens that write rich text (posts, announcements). */
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

/** The signed-in pages, inside the shell. */
const pages: RouteObject[] = [
  { index: true, element: <Navigate to={adminPaths.dashboard} replace /> },
  { path: adminPaths.dashboard, element: page(() => import('./routes/dashboard.tsx'), 'DashboardRoute') },
  { path: adminPaths.blogs, element: page(() => import('../features/blogs/components/blogs-page.tsx'), 'BlogsPage') },
  {
    path: adminPaths.createBlog,
    element: page(() => import('../features/blogs/components/create-blog-page.tsx'), 'CreateBlogPage'),
  },
  {
    path: adminPaths.editBlog(':id'),
    element: page(() => import('../features/blogs/components/edit-blog-page.tsx'), 'EditBlogPage'),
  },
  { path: adminPaths.admins, element: page(() => import('./routes/admins.tsx'), 'AdminsRoute') },
  {
    path: adminPaths.subscribers,
    element: page(() => import('../features/subscribers/components/subscribers-page.tsx'), 'SubscribersPage'),
  },
  { path: adminPaths.messages, element: page(() => import('../features/messages/components/messages-page.tsx'), 'MessagesPage') },
  {
    path: adminPaths.applications,
    element: page(() => import('../features/applications/components/applications-page.tsx'), 'ApplicationsPage'),
  },
  { path: adminPaths.newsletter, element: page(() => import('./routes/newsletter.tsx'), 'NewsletterRoute') },
  { path: adminPaths.interest, element: page(() => import('../features/interest/components/interest-page.tsx'), 'InterestPage') },
  { path: adminPaths.audit, element: page(() => import('./routes/audit.tsx'), 'AuditRoute') },
  {
    path: adminPaths.content.home,
    element: page(() => import('../features/site-content/components/site-content-page.tsx'), 'SiteContentPage'),
  },
  { path: adminPaths.content.centre, element: page(() => import('./routes/site-content.tsx'), 'CentreDetailsRoute') },
  {
    path: adminPaths.content.programmes,
    element: page(() => import('../features/site-content/components/programmes-page.tsx'), 'ProgrammesPage'),
  },
  { path: adminPaths.content.programme(':slug'), element: page(() => import('./routes/site-content.tsx'), 'ProgrammeRoute') },
  { path: adminPaths.content.newProgramme, element: page(() => import('./routes/site-content.tsx'), 'NewProgrammeRoute') },
  { path: adminPaths.content.faq, element: page(() => import('./routes/site-content.tsx'), 'FaqRoute') },
  { path: '*', element: <NotFoundRoute /> },
];

/**
 * A page that throws shows the error page inside the shell, so the navigation still works; the
 * login page or the shell itself failing shows it on its own. The error page and the not-found
 * screen are in the main chunk: they must work when a page chunk fails to load.
 */
export const routes: RouteObject[] = [
  {
    path: adminPaths.login,
    element: page(() => import('../features/auth/components/login-page.tsx'), 'LoginPage'),
    errorElement: <ErrorPage standalone />,
  },
  {
    path: adminPaths.forgotPassword,
    element: page(() => import('../features/auth/components/forgot-password-page.tsx'), 'ForgotPasswordPage'),
    errorElement: <ErrorPage standalone />,
  },
  {
    path: adminPaths.setPassword,
    element: page(() => import('../features/auth/components/set-password-page.tsx'), 'SetPasswordPage'),
    errorElement: <ErrorPage standalone />,
  },
  {
    path: '/',
    element: guarded(<AdminLayout />),
    errorElement: <ErrorPage standalone />,
    children: [{ errorElement: <ErrorPage />, children: pages }],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: basePath || '/' });
}
