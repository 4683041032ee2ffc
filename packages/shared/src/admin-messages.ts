/**
 * What the API answers when an admin action succeeds, and what the admin shows (the wording
 * staff know, docs/product.md#admin). Written once: the API sends it, the admin shows it.
 */
export const adminMessages = {
  accountCreated: 'Account created successfully!',
  adminUpdated: 'Admin updated successfully',
  adminDeleted: 'Admin deleted successfully',
  postCreated: 'Blog post created successfully!',
  postUpdated: 'Blog post updated successfully!',
  postDeleted: 'Blog deleted successfully!',
  subscriberDeleted: 'Subscriber deleted successfully',
  messageDeleted: 'Message deleted',
  applicationUpdated: 'Application updated',
  applicationDeleted: 'Application deleted',
} as const;
