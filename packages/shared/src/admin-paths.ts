/**
 * Every screen of the admin, by its address under the admin's base path: the router declares
 * them, links and redirects go to them, and the API writes them in its e-mails. A screen with a
 * parameter is a function; the router calls it with `:param` to get its pattern.
 */
export const adminPaths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  setPassword: '/set-password',
  dashboard: '/dashboard',
  blogs: '/blogs',
  createBlog: '/create-blog',
  editBlog: (id: number | string) => `/edit-blog/${id}`,
  messages: '/messages',
  applications: '/applications',
  newApplications: '/applications?status=new',
  interest: '/interest',
  newsletter: '/newsletter',
  admins: '/admins',
  subscribers: '/subscribers',
  audit: '/audit',
  content: {
    home: '/content',
    centre: '/content/centre',
    programmes: '/content/programmes',
    programme: (slug: string) => `/content/programmes/${slug}`,
    newProgramme: '/content/new-programme',
    faq: '/content/faq',
  },
} as const;
