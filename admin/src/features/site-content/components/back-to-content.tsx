import { adminPaths } from '@cfp/shared';
import { Link } from 'react-router-dom';

export function BackToContent({ to = adminPaths.content.home, label = 'Site content' }: { to?: string; label?: string }) {
  return (
    <Link className="back-link" to={to}>
      <span aria-hidden="true">←</span> Back to {label}
    </Link>
  );
}
