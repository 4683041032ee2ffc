import type { ContentFieldNames } from '@cfp/shared';
import { adminPaths } from '@cfp/shared';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { useSiteStatus } from '../../api/get-site-status.ts';
import { Alert } from '../../components/alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAdmins } from '../../features/admins/api/get-admins.ts';
import { useApplicationFacets } from '../../features/applications/api/get-applications.ts';
import { useBlogs } from '../../features/blogs/api/get-blogs.ts';
import { BlogsTable } from '../../features/blogs/components/blogs-table.tsx';
import { TopProgrammes } from '../../features/interest/components/top-programmes.tsx';
import { useContentNames } from '../../features/site-content/api/get-content-names.ts';
import { namesNeeded } from '../../features/site-status/checklist-items.ts';
import { LaunchChecklist } from '../../features/site-status/components/launch-checklist.tsx';
import { SiteStatusPanel } from '../../features/site-status/components/site-status-panel.tsx';
import { useSubscribers } from '../../features/subscribers/api/get-subscribers.ts';
import { errorMessage } from '../../lib/api-client.ts';

interface CounterProps {
  label: string;
  /** How many, once known. */
  query: { data?: number | undefined; isError: boolean };
  detail?: ReactNode;
  /** What the count means, when its label alone could mislead; read as the link's description. */
  hint?: string;
  to: string;
}

function Counter({ label, query, detail, hint, to }: CounterProps) {
  const value = query.data !== undefined ? query.data.toLocaleString('en-US') : query.isError ? '—' : '…';
  const hintId = useId();
  return (
    <Link className="counter" to={to} aria-describedby={hint ? hintId : undefined}>
      <span className="counter__label">{label}</span>
      <span className="counter__value">{value}</span>
      {detail && <span className="counter__detail">{detail}</span>}
      {/* Hidden from the link's name, which stays short: screen readers read it as its description. */}
      {hint && (
        <span className="counter__hint" id={hintId} aria-hidden="true">
          {hint}
        </span>
      )}
    </Link>
  );
}

/** The phones' and programmes' names the content problems' links show, read only when the problems need them. */
function useProblemNames(): ContentFieldNames {
  const problems = useSiteStatus().data?.content?.problems ?? [];
  return useContentNames(namesNeeded(problems));
}

export function DashboardRoute() {
  const blogs = useBlogs();
  const admins = useAdmins();
  const subscribers = useSubscribers();
  const confirmed = useSubscribers({ status: 'confirmed' }).data?.total;
  const applications = useApplicationFacets();
  const drafts = blogs.data?.filter((blog) => blog.status === 'draft').length ?? 0;
  const problemNames = useProblemNames();

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="An overview of the applications, the blog, the accounts and the newsletter."
        actions={
          <Link className="button" to={adminPaths.createBlog}>
            Add New Blog
          </Link>
        }
      />
      <div className="counters">
        <Counter
          label="New applications"
          query={{ data: applications.data?.statuses.new, isError: applications.isError }}
          to={adminPaths.newApplications}
          detail={applications.data && `${applications.data.total} in all`}
        />
        <Counter
          label="Total Blogs"
          query={{ data: blogs.data?.length, isError: blogs.isError }}
          to={adminPaths.blogs}
          detail={blogs.data && `${blogs.data.length - drafts} published, ${drafts} ${drafts === 1 ? 'draft' : 'drafts'}`}
        />
        <Counter
          label="Total Users"
          query={{ data: admins.data?.length, isError: admins.isError }}
          to={adminPaths.admins}
          detail="Admin accounts"
          hint="The people who can sign in here, not the site's visitors."
        />
        <Counter
          label="Total Subscribers"
          query={{ data: subscribers.data?.total, isError: subscribers.isError }}
          to={adminPaths.subscribers}
          detail={confirmed !== undefined && `${confirmed} confirmed`}
        />
      </div>
      {admins.isError && <Alert kind="error">{errorMessage(admins.error, 'Error while fetching admins')}</Alert>}
      {subscribers.isError && <Alert kind="error">{errorMessage(subscribers.error, 'Error while fetching subscribers')}</Alert>}
      {applications.isError && (
        <Alert kind="error">{errorMessage(applications.error, 'Error while fetching applications')}</Alert>
      )}
      <SiteStatusPanel names={problemNames} />
      <TopProgrammes />
      <LaunchChecklist names={problemNames} />
      <section className="panel" aria-labelledby="all-blogs-title">
        <div className="panel__head">
          <h2 id="all-blogs-title">All Blogs</h2>
          <Link to={adminPaths.blogs}>Manage blogs</Link>
        </div>
        {blogs.isPending && <Spinner label="Loading blogs..." />}
        {blogs.isError && <Alert kind="error">{errorMessage(blogs.error, 'Error fetching blogs')}</Alert>}
        {blogs.data &&
          (blogs.data.length === 0 ? (
            <p className="empty-state">No blogs found. Start by adding your first post!</p>
          ) : (
            <BlogsTable blogs={blogs.data} caption="All blogs" />
          ))}
      </section>
    </>
  );
}
