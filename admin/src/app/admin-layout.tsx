import { adminPaths } from '@cfp/shared';
import { useSession } from '../api/validate-token.ts';
import { AdminShell, type NavigationItem } from '../components/admin-shell.tsx';
import { PublicationNotice, PublicationProvider } from '../components/publication-notice.tsx';
import { useNewApplicationCount } from '../features/applications/api/get-applications.ts';
import { useLogout } from '../features/auth/use-logout.ts';
import { useUnreadMessageCount } from '../features/messages/api/get-messages.ts';

/** Composes the shell from the session (who, which role), the inbox (unread count) and the applications (new count). */
export function AdminLayout() {
  const { data: user } = useSession();
  const unread = useUnreadMessageCount();
  const newApplications = useNewApplicationCount();
  const logout = useLogout();
  if (!user) return null;

  const navigation: NavigationItem[] = [
    { to: adminPaths.dashboard, label: 'Dashboard' },
    { to: adminPaths.blogs, label: 'Blogs' },
    { to: adminPaths.messages, label: 'Messages', badge: { count: unread, label: `${unread} unread` } },
    { to: adminPaths.applications, label: 'Applications', badge: { count: newApplications, label: `${newApplications} new` } },
    { to: adminPaths.interest, label: 'Interest' },
    { to: adminPaths.content.home, label: 'Site content' },
    { to: adminPaths.admins, label: 'Admins' },
    { to: adminPaths.subscribers, label: 'Subscribers' },
    { to: adminPaths.newsletter, label: 'Newsletter' },
    ...(user.role === 'superAdmin' ? [{ to: adminPaths.audit, label: 'Audit log' }] : []),
  ];

  return (
    <PublicationProvider>
      <AdminShell user={user} navigation={navigation} onLogout={() => logout()} notice={<PublicationNotice />} />
    </PublicationProvider>
  );
}
