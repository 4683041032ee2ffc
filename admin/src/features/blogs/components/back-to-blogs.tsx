import { adminPaths } from '@cfp/shared';
import { Link } from 'react-router-dom';

export function BackToBlogs() {
  return (
    <Link className="back-link" to={adminPaths.blogs}>
      <span aria-hidden="true">←</span> Back to Blogs
    </Link>
  );
}
