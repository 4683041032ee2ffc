import { adminMessages, adminPaths, type BlogPostListItem } from '@cfp/shared';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFlashMessage } from '../../../hooks/use-flash-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { focusPageHeading } from '../../../lib/focus.ts';
import { postUrl, publicState } from '../../../lib/public-state.ts';
import { useDeleteBlog } from '../api/delete-blog.ts';
import { useBlogs } from '../api/get-blogs.ts';
import { BlogsTable } from './blogs-table.tsx';

const emptyMessage = 'No blogs found. Start by adding your first post!';

/** Accents and case do not matter when searching French titles ("rentree" finds "Rentrée"). */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function BlogsPage() {
  const blogs = useBlogs();
  const deleteBlog = useDeleteBlog();
  const site = useSiteStatus();
  const [search, setSearch] = useState('');
  const query = normalise(useDeferredValue(search).trim());
  const [pendingDelete, setPendingDelete] = useState<BlogPostListItem | null>(null);
  const [flash, showFlash] = useFlashMessage(2000);

  const confirmDelete = () => {
    const blog = pendingDelete;
    if (!blog) return;
    if (!blog._id) {
      setPendingDelete(null);
      showFlash('error', 'Cannot delete blog: No ID provided');
      return;
    }
    deleteBlog.mutate(blog._id, {
      onSuccess: () => {
        showFlash('success', adminMessages.postDeleted);
        // The focused Delete button went with its row.
        requestAnimationFrame(() => focusPageHeading());
      },
      onError: (error) => showFlash('error', errorMessage(error, 'Failed to delete blog', 'Error deleting blog')),
      onSettled: () => setPendingDelete(null),
    });
  };

  const visible = blogs.data?.filter((blog) => normalise(blog.title).includes(query)) ?? [];

  return (
    <section>
      <PageHeader
        title="Blog Management"
        description="Write, edit and publish the posts shown on the public site."
        actions={
          <Link className="button" to={adminPaths.createBlog}>
            Add New Blog
          </Link>
        }
      />
      {flash && <Alert kind={flash.kind}>{flash.text}</Alert>}
      <div className="toolbar">
        <label className="search-field">
          <span className="visually-hidden">Search blogs by title</span>
          <input
            type="search"
            placeholder="Search by title..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        {blogs.data && (
          <p className="toolbar__count">
            {visible.length} of {blogs.data.length} posts
          </p>
        )}
      </div>
      {blogs.isPending && <Spinner label="Loading blogs..." />}
      {blogs.isError && <Alert kind="error">{errorMessage(blogs.error, 'Error fetching blogs')}</Alert>}
      {blogs.data &&
        (visible.length === 0 ? (
          <p className="empty-state">{blogs.data.length === 0 ? emptyMessage : `No blogs match "${search.trim()}".`}</p>
        ) : (
          <BlogsTable
            blogs={visible}
            caption="Blog posts"
            showStatus
            renderActions={(blog) => (
              <>
                {site.data && publicState(blog, site.data) === 'live' && (
                  <a
                    className="button button--small button--secondary"
                    href={postUrl(site.data, blog.slug)}
                    aria-label={`View on site: ${blog.title}`}
                  >
                    View on site
                  </a>
                )}
                {blog.status === 'published' && (
                  <Link
                    className="button button--small button--secondary"
                    to={`${adminPaths.newsletter}?post=${blog._id}`}
                    aria-label={`Send as newsletter: ${blog.title}`}
                  >
                    Send as newsletter
                  </Link>
                )}
                <Link
                  className="button button--small button--secondary"
                  to={adminPaths.editBlog(blog._id)}
                  aria-label={`Edit ${blog.title}`}
                >
                  Edit
                </Link>
                <button
                  aria-label={`Delete ${blog.title}`}
                  type="button"
                  className="button button--small button--danger-outline"
                  onClick={() => setPendingDelete(blog)}
                >
                  Delete
                </button>
              </>
            )}
          />
        ))}
      {pendingDelete && (
        <ConfirmDialog
          title="Delete blog"
          message="Are you sure you want to delete this blog?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={deleteBlog.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </section>
  );
}
