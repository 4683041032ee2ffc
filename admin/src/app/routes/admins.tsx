import { AdminsPage } from '../../features/admins/components/admins-page.tsx';
import { useSession } from '../../features/auth/api/validate-token.ts';
import { useSettings } from '../../features/settings/api/get-settings.ts';

export function AdminsRoute() {
  const { data: user } = useSession();
  // Read before the first screen (RequireSession); a server whose settings could not be read counts as sending no e-mail.
  const settings = useSettings({ enabled: true });
  if (!user) return null;
  return (
    <AdminsPage canManage={user.role === 'superAdmin'} currentUsername={user.username} sendsMail={settings.data?.mail ?? false} />
  );
}
