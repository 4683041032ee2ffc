import { lstat, mkdir, rename, symlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Points `publishDir` (SITE_PUBLISH_DIR, what a static server or a CDN origin serves) at a new
 * build by renaming a fresh link over it: a reader sees the old site or the new one, never a mix.
 */
export async function publishToDir(buildDir: string, publishDir: string): Promise<void> {
  const existing = await lstat(publishDir).catch(() => undefined);
  if (existing && !existing.isSymbolicLink()) {
    throw new Error(
      `SITE_PUBLISH_DIR ${publishDir} is a directory; it must be a link the publisher replaces: remove it, or name a path that does not exist yet`,
    );
  }
  await mkdir(path.dirname(publishDir), { recursive: true });
  const link = `${publishDir}.${process.pid}-${Date.now()}.tmp`;
  await symlink(path.resolve(buildDir), link);
  await rename(link, publishDir);
}
