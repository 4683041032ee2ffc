import type { ContentChange } from '@cfp/shared';

/*
 * Who commits the content's changes, and how its history reads back: a staff member's save is
 * committed by the API on their behalf (its committer, their author), which is how the history
 * tells the staff's changes from the developers' (`byStaff`).
 */

/** Commits are made by the API on behalf of their author, who is the staff member. */
export const committer = { GIT_COMMITTER_NAME: 'Site content (admin)', GIT_COMMITTER_EMAIL: 'content@localhost' };
/** For what the API does on its own (a merge, the first commit): author and committer alike. */
export const asApi = {
  ...committer,
  GIT_AUTHOR_NAME: committer.GIT_COMMITTER_NAME,
  GIT_AUTHOR_EMAIL: committer.GIT_COMMITTER_EMAIL,
};
const fieldSeparator = '\u001f';
export const logFormat = ['%H', '%an', '%aI', '%ae', '%ce', '%s'].join('%x1f');

export function parseLog(output: string): ContentChange[] {
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [commit = '', author = '', date = '', authorEmail = '', committerEmail = '', message = ''] =
        line.split(fieldSeparator);
      // A staff member's change is committed by the API on their behalf; the API's own commits (a merge, the first one) are not theirs.
      const apiEmail = committer.GIT_COMMITTER_EMAIL;
      const byStaff = committerEmail === apiEmail && authorEmail !== apiEmail;
      return { commit, author, date: new Date(date).toISOString(), message, byStaff };
    });
}
