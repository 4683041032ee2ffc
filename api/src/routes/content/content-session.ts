import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAdminAction } from '../../audit/audit-log.ts';
import type { ContentEditor, ContentWorkspace } from '../../content/content-editor.ts';

/** The content as the app holds it: its repository and folder, the check's process, the centre's time zone, the clock. */
export function contentWorkspace(app: FastifyInstance): ContentWorkspace {
  return {
    repository: app.contentRepository,
    contentDir: app.config.content.directory,
    timeZone: app.config.timeZone,
    check: (contentDir, replaced) => app.contentChecker.check(contentDir, { replaced }),
    now: () => new Date(),
  };
}

/** The signed-in admin of `request` as the content's editor: the commit's author, audited from the request's address. */
export function contentEditor(app: FastifyInstance, request: FastifyRequest): ContentEditor {
  return {
    author: { username: request.admin.username, email: request.admin.email },
    recordChange: (action, target) => recordAdminAction(app.db, request, action, target),
    rebuildSite: (reason) => app.contentChanged(reason),
  };
}
