import type { BlogPostListItem } from '@cfp/shared';
import type { ReactNode } from 'react';
import { CoverImage } from '../../../components/cover-image.tsx';
import { LanguageMarker } from '../../../components/language-marker.tsx';
import { formatDate } from '../../../lib/format.ts';
import { PostStateBadge } from './post-state-badge.tsx';

interface BlogsTableProps {
  blogs: BlogPostListItem[];
  caption: string;
  showStatus?: boolean;
  renderActions?: (blog: BlogPostListItem) => ReactNode;
}

/** Blog rows as a table on wide screens and as cards on phones (see .data-table in styles/tables.css). */
export function BlogsTable({ blogs, caption, showStatus = false, renderActions }: BlogsTableProps) {
  return (
    <div className="table-wrap">
      <table className="data-table data-table--blogs">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Image</th>
            <th scope="col">Title</th>
            {showStatus && <th scope="col">Status</th>}
            <th scope="col">Create Date</th>
            <th scope="col" className="numeric">
              Views
            </th>
            {renderActions && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {blogs.map((blog) => (
            <tr key={blog._id}>
              <td className="data-table__media">
                <CoverImage src={blog.coverPhoto} />
              </td>
              <td className="data-table__title" data-label="Title">
                <span className="data-table__primary">
                  {blog.title}
                  {blog.hasEnglish && (
                    <>
                      {' '}
                      <LanguageMarker language="en" label="Has an English version" />
                    </>
                  )}
                </span>
                {blog.author && <span className="data-table__secondary">by {blog.author}</span>}
              </td>
              {showStatus && (
                <td data-label="Status">
                  <PostStateBadge post={blog} />
                </td>
              )}
              <td data-label="Create Date">
                <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time>
              </td>
              <td data-label="Views" className="numeric">
                {blog.views.toLocaleString('en-US')}
              </td>
              {renderActions && (
                <td data-label="Actions" className="data-table__actions">
                  {renderActions(blog)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
