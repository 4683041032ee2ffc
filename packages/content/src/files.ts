import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A content folder's files are regular files: a symbolic link in it is never followed (a link
 * to / would have every build copy the disk). The folder itself may be a link (git-sync swaps
 * one to each new checkout).
 */

export interface ContentEntries {
  /** Regular files, by their path from the folder with `/` (`formations/soudure.md`). */
  files: string[];
  /** Symbolic links, by the same path: never read, never copied; the content check refuses them. */
  links: string[];
}

/** Walks the folder without entering a linked directory (`readdir`'s recursive mode would). */
export function contentEntries(root: string, directory = ''): ContentEntries {
  const entries = { files: [] as string[], links: [] as string[] };
  for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
    const name = directory ? `${directory}/${entry.name}` : entry.name;
    if (entry.isSymbolicLink()) entries.links.push(name);
    else if (entry.isFile()) entries.files.push(name);
    else if (entry.isDirectory()) {
      const inner = contentEntries(root, name);
      entries.files.push(...inner.files);
      entries.links.push(...inner.links);
    }
  }
  return entries;
}

/** The names of a directory's regular files (links left out), or none when it cannot be read or is a link. */
export function regularFileNames(directory: string): string[] {
  try {
    if (lstatSync(directory).isSymbolicLink()) return [];
    return readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** A content file's text; a symbolic link is refused rather than followed. */
export function readContentFile(file: string): string {
  if (lstatSync(file).isSymbolicLink()) throw new Error(`${file} is a symbolic link: content files are never followed`);
  return readFileSync(file, 'utf8');
}
