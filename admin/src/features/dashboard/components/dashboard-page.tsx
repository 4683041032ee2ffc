import { useSession } from '../../auth/api/session-query.ts';

export function DashboardPage() {
  const session = useSession();
  return (
    <section>
      <h1>Dashboard</h1>
      <p>Welcome, {session.data?.username}.</p>
    </section>
  );
}
