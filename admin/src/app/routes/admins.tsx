import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { AdminsPage } from '../../features/admins/components/admins-page.tsx';
import { useSession } from '../../features/auth/api/validate-token.ts';
import { useSettings } from '../../features/settings/api/get-settings.ts';

export function AdminsRoute() {
  const { data: user } = useSession();
  const settings = useSettings();
  if (!user) return null;
  // The Add Admin dialog differs with and without e-mail: wait for the answer (a failure counts as without).
  if (settings.isPending) return <PageSkeleton />;
  return (
    <AdminsPage canManage={user.role === 'superAdmin'} currentUsername={user.username} sendsMail={settings.data?.mail ?? false} />
  );
}
