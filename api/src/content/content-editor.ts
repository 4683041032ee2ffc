import { centreDocument, type EditableDocument, editContent } from '@cfp/content/editing';
import { type ContentRevision, type ContentSaveResponse, formatDayAndTime, programmePath } from '@cfp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAdminAction } from '../audit/audit-log.ts';
import { HttpError } from '../http-error.ts';

/** YYYY-MM-DD in the centre's time zone: an intake "in the past" is one before the centre's today. */
function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The public page that shows a content file. */
function pageOf(file: string): string {
  if (file === centreDocument.file) return '/contact';
  if (file === 'faq.yaml') return '/faq';
  const programme = /^formations\/([a-z0-9-]+)\.md$/.exec(file);
  return programme?.[1] ? programmePath(programme[1]) : '/';
}

async function revisionOf(app: FastifyInstance, file: string): Promise<ContentRevision> {
  const repository = app.contentRepository;
  return {
    version: await repository.head(),
    history: await repository.history(file),
    unpushed: await repository.unpushed(),
  };
}

/** Reads a form's values with the revision they were read at, in one step (no save between the two). */
export function readForm<Form>(app: FastifyInstance, document: EditableDocument<Form>) {
  return app.contentRepository.serial(async () => {
    const text = await app.contentRepository.readFile(document.file);
    const data = document.open(text).data();
    return { data, values: document.toForm(data), revision: await revisionOf(app, document.file) };
  });
}

async function response(app: FastifyInstance, file: string, commit: string, message: string, unchanged: boolean) {
  const revision = await revisionOf(app, file);
  const saved: ContentSaveResponse = {
    commit,
    message,
    savedAt: new Date().toISOString(),
    unchanged,
    unpushed: revision.unpushed,
    path: pageOf(file),
    revision,
  };
  return saved;
}

/**
 * Saves a form as one commit of the content repository, authored by the signed-in admin, after
 * taking in the shared repository's new commits; pushes it; the site rebuilds. Nothing is
 * written when a value is refused or a field was changed meanwhile by someone else.
 */
export function saveForm<Form extends object>(
  app: FastifyInstance,
  request: FastifyRequest,
  document: EditableDocument<Form>,
  body: { version: string; values: unknown },
): Promise<ContentSaveResponse> {
  const repository = app.contentRepository;
  return repository.serial(async () => {
    await repository.sync();
    if (await repository.hasUncommittedChanges(document.file)) {
      throw new HttpError(
        409,
        `${await repository.pathOf(document.file)} has changes on the server that are not committed to git: commit or discard them there, then save again`,
      );
    }
    const baseText = await repository.fileAt(body.version, document.file);
    if (baseText === undefined) throw new HttpError(409, 'This form is out of date: reload it to see the content as it is now');
    const outcome = editContent(document, {
      baseText,
      currentText: await repository.readFile(document.file),
      submitted: body.values,
      contentDir: app.config.content.directory,
      today: todayIn(app.config.timeZone),
    });
    if (outcome.kind === 'invalid') {
      const [first] = Object.values(outcome.fields);
      throw new HttpError(400, first ?? 'A value was refused', outcome.fields);
    }
    if (outcome.kind === 'conflict') {
      const [last] = await repository.history(document.file, { since: body.version, limit: 1 });
      const who = last ? `${last.author} at ${formatDayAndTime(new Date(last.date), app.config.timeZone)}` : 'someone else';
      const message = `This was changed by ${who}; reload to see it`;
      throw new HttpError(409, message, Object.fromEntries(outcome.fields.map((field) => [field, message])));
    }
    if (outcome.kind === 'unchanged') return response(app, document.file, await repository.head(), 'No change', true);

    const author = { name: request.admin.username, email: request.admin.email };
    const commit = await repository.commitFile(document.file, outcome.text, author, outcome.message);
    recordAdminAction(app.db, request, 'content.update', `${outcome.message} (${commit.slice(0, 7)})`);
    await app.contentChanged(`content saved by ${request.admin.username}`);
    await repository.sync();
    return response(app, document.file, commit, outcome.message, false);
  });
}

/** Undoes one commit of the content with a new one (superAdmin). */
export function revertChange(app: FastifyInstance, request: FastifyRequest, commit: string): Promise<ContentSaveResponse> {
  const repository = app.contentRepository;
  return repository.serial(async () => {
    await repository.sync();
    const original = await repository.change(commit);
    if (!original) throw new HttpError(404, 'No such change of the content');
    const author = { name: request.admin.username, email: request.admin.email };
    const reverted = await repository.revert(commit, author);
    if (!reverted) {
      throw new HttpError(
        409,
        'This change cannot be undone on its own: later changes built on it, or it touched more than the content',
      );
    }
    const [file = centreDocument.file] = reverted.files;
    recordAdminAction(app.db, request, 'content.revert', `${original.message} (${reverted.commit.slice(0, 7)})`);
    await app.contentChanged(`change undone by ${request.admin.username}`);
    await repository.sync();
    return response(app, file, reverted.commit, `Undo “${original.message}”`, false);
  });
}
