import { adminPaths } from '@cfp/shared';
import { Navigate } from 'react-router-dom';
import { useSession } from '../../api/validate-token.ts';
import { AuditPage } from '../../features/audit/components/audit-page.tsx';

/** The API answers 403 to a plain admin; the page is not offered to them either. */
export function AuditRoute() {
  const { data: user } = useSession();
  if (user?.role !== 'superAdmin') return <Navigate to={adminPaths.dashboard} replace />;
  return <AuditPage />;
}
