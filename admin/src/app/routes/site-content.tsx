import { adminPaths } from '@cfp/shared';
import { Navigate } from 'react-router-dom';
import { useSession } from '../../api/validate-token.ts';
import { CentreDetailsPage } from '../../features/site-content/components/centre-details-page.tsx';
import { FaqPage } from '../../features/site-content/components/faq-page.tsx';
import { NewProgrammePage } from '../../features/site-content/components/new-programme-page.tsx';
import { ProgrammePage } from '../../features/site-content/components/programme-page.tsx';

/** The API lets only a superAdmin save the centre's details and undo a change; every admin saves the others. */
function useIsSuperAdmin(): boolean {
  return useSession().data?.role === 'superAdmin';
}

export function CentreDetailsRoute() {
  const superAdmin = useIsSuperAdmin();
  return <CentreDetailsPage canEdit={superAdmin} canUndo={superAdmin} />;
}

export function ProgrammeRoute() {
  const superAdmin = useIsSuperAdmin();
  return <ProgrammePage canUndo={superAdmin} canRetire={superAdmin} />;
}

/** Adding a programme is for superAdmins, as the API says. */
export function NewProgrammeRoute() {
  const session = useSession();
  if (session.data && session.data.role !== 'superAdmin') return <Navigate to={adminPaths.content.programmes} replace />;
  return <NewProgrammePage />;
}

export function FaqRoute() {
  return <FaqPage canUndo={useIsSuperAdmin()} />;
}
