import { useSession } from '../../api/validate-token.ts';
import { useBlogs } from '../../features/blogs/api/get-blogs.ts';
import { uploadImage } from '../../features/blogs/api/upload-image.ts';
import { NewsletterPage } from '../../features/newsletter/components/newsletter-page.tsx';

/** The newsletter screen, given the published posts it can send and the blog's picture upload for announcements. */
export function NewsletterRoute() {
  const session = useSession();
  const blogs = useBlogs();
  const publishedPosts = (blogs.data ?? []).filter((post) => post.status === 'published');
  return (
    <NewsletterPage publishedPosts={publishedPosts} canSend={session.data?.role === 'superAdmin'} uploadImage={uploadImage} />
  );
}
