import { adminMessages, type BlogPost } from '@cfp/shared';
import { useParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useBlog } from '../api/get-blog.ts';
import { useUpdateBlog } from '../api/update-blog.ts';
import { BackToBlogs } from './back-to-blogs.tsx';
import { BlogForm, type BlogFormValues } from './blog-form.tsx';

function toFormValues(blog: BlogPost): BlogFormValues {
  return {
    title: blog.title,
    slug: blog.slug,
    description: blog.description,
    coverPhoto: blog.coverPhoto,
    coverAlt: blog.cover?.alt ?? '',
    views: String(blog.views),
    author: blog.author,
    titleEn: blog.titleEn,
    descriptionEn: blog.descriptionEn,
  };
}

export function EditBlogPage() {
  const { id = '' } = useParams();
  const blog = useBlog(id);
  const updateBlog = useUpdateBlog();

  return (
    <section>
      <BackToBlogs />
      <PageHeader title="Edit Blog Post" description="Update your blog post content" />
      {blog.isPending && <Spinner label="Loading blog..." />}
      {blog.isError && (
        <Alert kind="error">
          Failed to fetch blog
          {blog.error instanceof ApiError && blog.error.message && <span className="alert__detail">{blog.error.message}</span>}
        </Alert>
      )}
      {blog.data && (
        <BlogForm
          // A fresh form per post, so that the unsaved draft and the baseline belong to it.
          key={blog.data._id}
          mode="edit"
          draftKey={String(blog.data._id)}
          post={blog.data}
          initialValues={toFormValues(blog.data)}
          onSave={async (input) => {
            const answer = await updateBlog.mutateAsync({ id, input });
            return { message: answer.message || adminMessages.postUpdated, blog: answer.blog };
          }}
        />
      )}
    </section>
  );
}
