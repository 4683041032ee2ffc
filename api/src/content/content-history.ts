import { changedFields, documentOfFile, type EditableDocument } from '@cfp/content/editing';
import type { ChangedField, ContentChange, HistoryEntry } from '@cfp/shared';
import { type ContentRepository, isTextFile } from './content-repository.ts';

/** The changes made from the admin a form's history shows; the commits made in git between them are folded. */
const staffChangesShown = 10;
/** How far back the history reads: enough commits of a file to find its last staff changes among the developers'. */
const commitsRead = 40;

type Change = ContentChange & { touched: string[]; outside: boolean };

/**
 * A form's history as the staff read it (run inside the repository's serial queue): each change
 * made from the admin with its fields before → after and whether Undo can work on it; the
 * commits made in git, by developers, folded into one line per run of them. The files' texts
 * are read by one git process.
 */
export async function formHistory(repository: ContentRepository, files: string[]): Promise<HistoryEntry[]> {
  const changes = await repository.historyWithFiles(files, commitsRead);
  const staff = changes.filter((change) => change.byStaff).slice(0, staffChangesShown);
  const texts = await textsAround(repository, staff);
  const entries: HistoryEntry[] = [];
  for (const change of changes) {
    const last = entries.at(-1);
    if (change.byStaff) {
      if (!staff.includes(change)) break;
      const fields = fieldsChanged(files, change, texts);
      entries.push({ kind: 'staff', ...withoutFiles(change), fields, undoable: await undoable(repository, change, texts) });
    } else if (last?.kind === 'git') {
      last.count += 1;
      if (!last.authors.includes(change.author)) last.authors.push(change.author);
    } else {
      entries.push({ kind: 'git', count: 1, authors: [change.author], date: change.date });
    }
  }
  return entries;
}

const withoutFiles = ({ touched: _touched, outside: _outside, ...change }: Change): ContentChange => change;

/** Each touched file's text before each change, after it and now, by `commit:file`. */
async function textsAround(repository: ContentRepository, changes: Change[]): Promise<Map<string, string | undefined>> {
  const wanted = changes.flatMap(({ commit, touched }) =>
    touched.filter(isTextFile).flatMap((file) => [`${commit}^`, commit, 'HEAD'].map((at) => ({ commit: at, file }))),
  );
  const read = await repository.filesAt(wanted);
  return new Map(wanted.map(({ commit, file }, index) => [`${commit}:${file}`, read[index]]));
}

function fieldsChanged(files: string[], { commit, touched }: Change, texts: Map<string, string | undefined>): ChangedField[] {
  return files
    .filter((file) => touched.includes(file))
    .flatMap((file) => {
      const document = documentOfFile(file);
      if (!document) return [];
      const [before, after] = [texts.get(`${commit}^:${file}`), texts.get(`${commit}:${file}`)];
      return changedFields(document, formOf(document, before), formOf(document, after));
    });
}

/** Whether an undo of the change can work now, as `undoneTexts` would compute it: inside the content, and over what came after. */
async function undoable(repository: ContentRepository, change: Change, texts: Map<string, string | undefined>): Promise<boolean> {
  if (change.outside || change.touched.length === 0 || !change.touched.every(isTextFile)) return false;
  for (const file of change.touched) {
    const [before, changed, now] = [`${change.commit}^`, change.commit, 'HEAD'].map((at) => texts.get(`${at}:${file}`));
    if (!(await repository.undoApplies({ before, changed, now }))) return false;
  }
  return true;
}

/** The form's values of a file's text; undefined when there was no file, or one no form can read (broken in git). */
function formOf<Form>(document: EditableDocument<Form>, text: string | undefined): Form | undefined {
  if (text === undefined) return undefined;
  try {
    return document.toForm(document.open(text).data());
  } catch {
    return undefined;
  }
}
