import { errorsAdded, listInWords, listProgrammes, programmeDocument } from '@cfp/content/editing';
import {
  type ContentSaveResponse,
  type ProgrammeGap,
  type ProgrammeSummary,
  type ProgrammesConfirmRequest,
  pagePath,
} from '@cfp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAdminAction } from '../audit/audit-log.ts';
import { HttpError } from '../http-error.ts';
import { changedMeanwhile, checkerOf, refuseUncommitted, savedResponse } from './content-editor.ts';

const gapWords: Record<ProgrammeGap, string> = {
  fees: 'fees',
  intakes: 'next intakes',
  enrolmentDocuments: 'enrolment documents',
  scheduleHours: 'days and hours',
};

/** A commit's message names the programmes up to this many, then only counts them. */
const namedInMessage = 5;

const noSuchProgramme = (slug: string) => new HttpError(400, `There is no programme “${slug}”: reload the list`);

/** The programme to confirm, or why it cannot be: unknown, confirmed already, or with facts still missing. */
function confirmable(slug: string, programme: ProgrammeSummary | undefined): ProgrammeSummary {
  if (!programme) throw noSuchProgramme(slug);
  if (programme.confirmed) throw new HttpError(400, `${programme.title} is confirmed already: reload the list`);
  if (programme.gaps.length > 0) {
    const missing = listInWords(programme.gaps.map((gap) => gapWords[gap]));
    throw new HttpError(400, `${programme.title} still lacks its ${missing}: fill them in before confirming it`);
  }
  return programme;
}

/** "Programmes confirmed: Soudure and Plomberie", or "7 programmes confirmed" for many. */
export function confirmationMessage(titles: string[]): string {
  if (titles.length === 1) return `${titles[0]}: facts confirmed`;
  if (titles.length > namedInMessage) return `${titles.length} programmes confirmed`;
  return `Programmes confirmed: ${listInWords(titles)}`;
}

/** 409 when one of the files changed since the list was read (or the version is not one of the repository's). */
async function refuseChangedSince(app: FastifyInstance, files: string[], version: string): Promise<void> {
  const repository = app.contentRepository;
  for (const file of files) {
    const then = await repository.fileAt(version, file);
    if (then === undefined) throw new HttpError(409, 'This list is out of date: reload it to see the programmes as they are now');
    if (then !== (await repository.readFile(file))) throw new HttpError(409, await changedMeanwhile(app, [file], version));
  }
}

/** Each file with `confirmed: true` written in place, the rest of its text as it was. */
async function confirmedTexts(app: FastifyInstance, slugs: string[]) {
  return Promise.all(
    slugs.map(async (slug) => {
      const document = programmeDocument(slug);
      const before = await app.contentRepository.readFile(document.file);
      const yaml = document.open(before);
      yaml.set(['confirmed'], true);
      return { file: document.file, before, text: yaml.toString() };
    }),
  );
}

/** Refuses the change when the content check finds an error in those files that it did not find before. */
async function refuseNewErrors(app: FastifyInstance, texts: Array<{ file: string; before: string; text: string }>) {
  const [error] = await errorsAdded(checkerOf(app), app.config.content.directory, {
    before: new Map(texts.map(({ file, before }) => [file, before])),
    after: new Map(texts.map(({ file, text }) => [file, text])),
    inFiles: new Set(texts.map(({ file }) => `content/${file}`)),
  });
  if (error) throw new HttpError(400, `Confirming would leave an error in the content: ${error.file}: ${error.message}`);
}

/**
 * Confirms several programmes' facts as one commit by the signed-in admin: each must exist, be
 * unconfirmed, miss no fact and be as it was at `version`; otherwise nothing is written.
 */
export function confirmProgrammes(
  app: FastifyInstance,
  request: FastifyRequest,
  { slugs, version }: ProgrammesConfirmRequest,
): Promise<ContentSaveResponse> {
  const repository = app.contentRepository;
  const wanted = [...new Set(slugs)];
  return repository.serial(async () => {
    await repository.syncForSave();
    const listed = new Map(listProgrammes(app.config.content.directory).map((programme) => [programme.slug, programme]));
    const unknown = wanted.find((slug) => !listed.has(slug));
    if (unknown) throw noSuchProgramme(unknown);
    const files = wanted.map((slug) => programmeDocument(slug).file);
    await refuseUncommitted(repository, files, 'confirm');
    await refuseChangedSince(app, files, version);
    const programmes = wanted.map((slug) => confirmable(slug, listed.get(slug)));
    const texts = await confirmedTexts(app, wanted);
    await refuseNewErrors(app, texts);

    const message = confirmationMessage(programmes.map(({ title }) => title));
    const author = { name: request.admin.username, email: request.admin.email };
    const commit = await repository.commitFiles(
      texts.map(({ file, text }) => ({ file, text })),
      author,
      message,
    );
    recordAdminAction(app.db, request, 'content.update', `${message} (${commit.slice(0, 7)})`);
    await app.contentChanged(`programmes confirmed by ${request.admin.username}`);
    await repository.syncForSave();
    const [first] = files;
    const saved = await savedResponse(app, files, { file: first ?? '' }, commit, message, false);
    return files.length > 1 ? { ...saved, path: pagePath('fr', 'programmes') } : saved;
  });
}
