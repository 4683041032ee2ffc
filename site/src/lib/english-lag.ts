import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { outdatedSections, type TextContent, type TwinKind } from '@cfp/content';
import { siteConfig } from '../config.ts';

/**
 * Whether an English page lags its French one: some French section changed since its English
 * was stamped (@cfp/content's fingerprints), so the page says so at its top and links to the
 * French. The date is the French file's last commit in the content's git checkout (the content
 * folder, or SITE_CONTENT_HISTORY_DIR when the build reads a copy, as the API's builder does);
 * without one the notice gives none.
 */
export interface EnglishLag {
  /** YYYY-MM-DD. */
  frenchChangedOn?: string;
}

const run = promisify(execFile);

async function lastCommitDay(frenchPath: string): Promise<string | undefined> {
  // A relative folder is the site's (astro build runs in site/); the API's builder gives an absolute one.
  const cwd = path.resolve(siteConfig.contentHistoryDir ?? siteConfig.contentDir);
  try {
    const { stdout } = await run('git', ['log', '-1', '--format=%cs', '--', frenchPath], { cwd });
    return /^\d{4}-\d{2}-\d{2}$/.test(stdout.trim()) ? stdout.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The lag of an English text (its `translationOf`) behind its French one (`formations/soudure.md`, as the collection holds it); undefined when it is current. */
export async function englishLag(
  kind: TwinKind,
  frenchPath: string,
  french: TextContent,
  stamp: unknown,
): Promise<EnglishLag | undefined> {
  if (outdatedSections(kind, stamp, french).length === 0) return undefined;
  const frenchChangedOn = await lastCommitDay(frenchPath);
  return frenchChangedOn ? { frenchChangedOn } : {};
}
