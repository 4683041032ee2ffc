import { Navigate } from 'react-router-dom';
import { AuditPage } from '../../features/audit/components/audit-page.tsx';
import { useSession } from '../../features/auth/api/validate-token.ts';

/** The API answers 403 to a plain admin; the page is not offered to them either. */
export function AuditRoute() {
  const { data: user } = useSession();
  if (user?.role !== 'superAdmin') return <Navigate to="/dashboard" replace />;
  return <AuditPage />;
}
