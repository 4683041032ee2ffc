import { adminMessages, adminPaths } from '@cfp/shared';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { getStoredUsername } from '../../../lib/session-storage.ts';
import { useCreateBlog } from '../api/create-blog.ts';
import { BackToBlogs } from './back-to-blogs.tsx';
import { BlogForm, type BlogFormValues } from './blog-form.tsx';

const redirectDelayMs = 2000;

export function CreateBlogPage() {
  const navigate = useNavigate();
  const createBlog = useCreateBlog();
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const initialValues: BlogFormValues = {
    title: '',
    slug: '',
    description: '',
    coverPhoto: '',
    coverAlt: '',
    views: '0',
    author: getStoredUsername() ?? '',
    titleEn: '',
    descriptionEn: '',
  };

  return (
    <section>
      <BackToBlogs />
      <PageHeader title="Create New Blog" description="Write and publish a new blog post" />
      <BlogForm
        mode="create"
        draftKey="new"
        initialValues={initialValues}
        onSave={async (input) => {
          const answer = await createBlog.mutateAsync(input);
          return { message: answer.message || adminMessages.postCreated, blog: answer.blog };
        }}
        onSaved={() => {
          redirect.current = setTimeout(() => navigate(adminPaths.blogs), redirectDelayMs);
        }}
      />
    </section>
  );
}
