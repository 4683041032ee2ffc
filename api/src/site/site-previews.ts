import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { PageCounts } from './astro-process.ts';
import type { SiteBuilder } from './site-builder.ts';

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
  builder: Pick<SiteBuilder, 'buildPreview'>;
  /** The site builder's folder: the previews are kept in its `previews/`, apart from the live builds. */
  outputRoot: string;
  lifetimeMs?: number;
  /** Previews kept at once, the newest; an older one answers as expired. */
  kept?: number;
}

/**
 * The site as it would be with a form's unsaved values: built by the same `astro build` as the
 * live site (SiteBuilder.buildPreview), from a copy of the content with the form's files written
 * over it, into a folder of its own. Neither the public site nor the repository is touched.
 */
export class SitePreviews {
  private readonly shown = new Map<string, ShownPreview>();
  private readonly root: string;
  private readonly options: SitePreviewsOptions;
  private readonly cleared: Promise<void>;

  constructor(options: SitePreviewsOptions) {
    this.options = options;
    this.root = path.join(options.outputRoot, 'previews');
    // The previews of a process that stopped are not this one's to show.
    this.cleared = rm(this.root, { recursive: true, force: true });
  }

  /** Builds the site from the content with `files` written over it, after the builds asked before. */
  async render(files: readonly PreviewFile[]): Promise<RenderedPreview> {
    await this.cleared;
    const id = randomBytes(18).toString('base64url');
    const folder = path.join(this.root, id);
    const pages = await this.options.builder.buildPreview(files, folder);
    const expiresAt = Date.now() + (this.options.lifetimeMs ?? defaultLifetimeMs);
    this.shown.set(id, { folder, expiresAt });
    await this.removeOld();
    return { id, expiresAt: new Date(expiresAt), pages };
  }

  /** The folder of a preview that is still shown; undefined once it expired or gave way to newer ones. */
  folder(id: string): string | undefined {
    const preview = this.shown.get(id);
    return preview && preview.expiresAt > Date.now() ? preview.folder : undefined;
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
