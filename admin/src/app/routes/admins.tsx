import { useSettings } from '../../api/get-settings.ts';
import { useSession } from '../../api/validate-token.ts';
import { AdminsPage } from '../../features/admins/components/admins-page.tsx';

export function AdminsRoute() {
  const { data: user } = useSession();
  // Read before the first screen (RequireSession); a server whose settings could not be read counts as sending no e-mail.
  const settings = useSettings({ enabled: true });
  if (!user) return null;
  return (
    <AdminsPage canManage={user.role === 'superAdmin'} currentUsername={user.username} sendsMail={settings.data?.mail ?? false} />
  );
}
