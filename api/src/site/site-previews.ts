import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageCounts } from './astro-process.ts';
import { type AstroRunner, copyFolder } from './astro-runner.ts';

/** A content file as a form would save it; `text` undefined removes it. */
export interface PreviewFile {
  file: string;
  text: string | undefined;
}

export interface RenderedPreview {
  /** Unguessable: whoever has it may read the preview until it expires (the staff member who asked, or whom they send it to). */
  id: string;
  expiresAt: Date;
  pages: PageCounts;
}

interface ShownPreview {
  folder: string;
  expiresAt: number;
}

export interface SitePreviewsOptions {
  astro: AstroRunner;
  /** The site builder's folder: the previews live in its `previews/`, apart from the live builds. */
  outputRoot: string;
  /** The content folder editors change; a preview builds from a copy of it with the unsaved files written over. */
  contentDir: string;
  lifetimeMs?: number;
  /** Previews kept at once, the newest; an older one answers as expired. */
  kept?: number;
}

/**
 * The site as it would be with a form's unsaved values: built by the same `astro build` as the
 * live site, from a copy of the content with the form's files written over it, into a folder of
 * its own. Neither the public site nor the repository is touched. Previews build one after
 * another, with a cache of their own (a preview after another renders only what differs), and
 * never at the same time as a publish (the runner's queue).
 */
export class SitePreviews {
  private readonly shown = new Map<string, ShownPreview>();
  private queue: Promise<unknown>;
  private readonly root: string;
  private readonly options: SitePreviewsOptions;

  constructor(options: SitePreviewsOptions) {
    this.options = options;
    this.root = path.join(options.outputRoot, 'previews');
    // The previews of a process that stopped are not this one's to show.
    this.queue = rm(path.join(this.root, 'shown'), { recursive: true, force: true });
  }

  /** Builds the site from the content with `files` written over it, after the previews asked before. */
  render(files: readonly PreviewFile[]): Promise<RenderedPreview> {
    const rendered = this.queue.then(() => this.build(files));
    this.queue = rendered.catch(() => undefined);
    return rendered;
  }

  /** The folder of a preview that is still shown; undefined once it expired or gave way to newer ones. */
  folder(id: string): string | undefined {
    const preview = this.shown.get(id);
    return preview && preview.expiresAt > Date.now() ? preview.folder : undefined;
  }

  private async build(files: readonly PreviewFile[]): Promise<RenderedPreview> {
    const contentDir = path.join(this.root, 'content');
    const building = path.join(this.root, 'building');
    await copyFolder(this.options.contentDir, contentDir);
    for (const { file, text } of files) await writeOver(contentDir, file, text);
    await rm(building, { recursive: true, force: true });
    const pages = await this.options.astro.build({
      outDir: building,
      contentDir,
      cacheDir: path.join(this.root, 'cache'),
      previousBuild: this.newest()?.folder,
      brotliQuality: 0,
    });
    const id = randomBytes(18).toString('base64url');
    const folder = path.join(this.root, 'shown', id);
    await mkdir(path.dirname(folder), { recursive: true });
    await rename(building, folder);
    const expiresAt = Date.now() + (this.options.lifetimeMs ?? defaultLifetimeMs);
    this.shown.set(id, { folder, expiresAt });
    await this.removeOld();
    return { id, expiresAt: new Date(expiresAt), pages };
  }

  private newest(): ShownPreview | undefined {
    return [...this.shown.values()].at(-1);
  }

  private async removeOld(): Promise<void> {
    const kept = this.options.kept ?? defaultKept;
    const old = [...this.shown].filter(([, preview], index) => index < this.shown.size - kept || preview.expiresAt <= Date.now());
    for (const [id, preview] of old) {
      this.shown.delete(id);
      await rm(preview.folder, { recursive: true, force: true });
    }
  }
}

/** An hour: time to look at both languages, show a colleague, and save. */
const defaultLifetimeMs = 60 * 60 * 1000;
const defaultKept = 4;

async function writeOver(contentDir: string, file: string, text: string | undefined): Promise<void> {
  const target = path.resolve(contentDir, file);
  if (!target.startsWith(contentDir + path.sep)) throw new Error(`${file} is not a file of the content`);
  if (text === undefined) {
    await rm(target, { force: true });
    return;
  }
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text);
}
