import { AdminsPage } from '../../features/admins/components/admins-page.tsx';
import { useSession } from '../../features/auth/api/validate-token.ts';

export function AdminsRoute() {
  const { data: user } = useSession();
  if (!user) return null;
  return <AdminsPage canManage={user.role === 'superAdmin'} currentUsername={user.username} />;
}
