import { defineCollection, reference } from 'astro:content';
import { existsSync, readdirSync } from 'node:fs';
import { blogPost } from '@cfp/shared';
import { file, glob, type Loader, type LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';
import { siteConfig } from './config.ts';
import { fetchPublishedPosts } from './lib/blog-source.ts';

/**
 * The schemas of everything in `content/` (see docs/content-format.md). A file that breaks
 * them fails the build with a message naming the file and the field.
 */

/** Relative to the site's root; the collections' files are `content/{collection}/{slug}.md`. */
const contentDir = '../content';

class ContentError extends Error {
  override name = 'ContentError';
}

/** A content file's id (its URL slug) is its file name, in lower case. */
function idFromFileName(directory: string, fileName: string): string {
  const id = fileName.replace(/\.md$/i, '').toLowerCase();
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) {
    throw new ContentError(
      `content/${directory}/${fileName} (field: slug, taken from the file name): "${id}" is not a slug; ` +
        'name the file in lower-case kebab-case (letters without accents, digits and hyphens), e.g. "soudure.md".',
    );
  }
  return id;
}

/**
 * Markdown files of `content/{directory}`, whose ids are their file names. Astro's glob
 * loader lets a second file with the same id silently replace the first (soudure.md and
 * Soudure.md): here it fails the build, naming both files. `check` runs over the whole
 * collection once it is loaded, cached entries included.
 */
function markdownFiles(directory: string, check?: (context: LoaderContext) => void): Loader {
  let owners = new Map<string, string>();
  const inner = glob({
    pattern: '*.md',
    base: `${contentDir}/${directory}`,
    generateId: ({ entry, base }) => {
      const id = idFromFileName(directory, entry);
      const owner = owners.get(id);
      // In dev, a file renamed from Soudure.md to soudure.md is a change, not a duplicate.
      if (owner !== undefined && owner !== entry && existsSync(new URL(`./${encodeURI(owner)}`, base))) {
        const [first, second] = [owner, entry].sort();
        throw new ContentError(
          `content/${directory}/${first} and content/${directory}/${second} (field: slug, taken from the file name) ` +
            `both give the slug "${id}": rename or remove one of them.`,
        );
      }
      owners.set(id, entry);
      return id;
    },
  });
  return {
    name: 'content-files',
    load: async (context) => {
      owners = new Map();
      await inner.load(context);
      check?.(context);
    },
  };
}

const fileOf = (entry: { id: string; filePath?: string }) =>
  `content/formations/${entry.filePath?.split('/').pop() ?? `${entry.id}.md`}`;

/**
 * What the schema of one file cannot see: the department must be one of the files in
 * content/departements (read here, as that collection loads at the same time), and a
 * programme's legacy slugs must not be another programme's slug or legacy slug, nor its
 * own (the old URL would lead somewhere else, or to itself).
 */
function checkProgrammes({ store, config }: LoaderContext): void {
  const departementsDir = new URL(`${contentDir}/departements/`, config.root);
  const departements = readdirSync(departementsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => idFromFileName('departements', name));
  const entries = store.values();
  for (const entry of entries) {
    const department = (entry.data.department as { id: string }).id;
    if (!departements.includes(department)) {
      throw new ContentError(
        `${fileOf(entry)} (field: department): unknown department "${department}"; ` +
          `expected one of the files in content/departements: ${departements.join(', ')}.`,
      );
    }
  }
  // A legacy slug is compared to other slugs without case: /formation/Soudure must not
  // lead away from soudure. It may be a case variant of its own programme's slug.
  const slugFiles = new Map(entries.map((entry) => [entry.id, fileOf(entry)]));
  const legacyFiles = new Map<string, string>();
  for (const entry of entries) {
    const file = fileOf(entry);
    for (const legacy of (entry.data.legacySlugs as string[] | undefined) ?? []) {
      const problem = `${file} (field: legacySlugs): "${legacy}"`;
      const programme = slugFiles.get(legacy.toLowerCase());
      const other = legacyFiles.get(legacy);
      if (legacy === entry.id) throw new ContentError(`${problem} is the programme's own slug: remove it.`);
      if (programme !== undefined && programme !== file) {
        throw new ContentError(`${problem} is the slug of ${programme} (field: slug, taken from the file name).`);
      }
      if (other !== undefined) {
        throw new ContentError(`${problem} is ${other === file ? 'listed twice' : `also a legacy slug of ${other}`}.`);
      }
      legacyFiles.set(legacy, file);
    }
  }
}

const text = (max = 2000) => z.string().trim().min(1).max(max);
const card = z.object({ title: text(120), text: text(600) }).strict();
const section = z.object({ title: text(160), items: z.array(card).min(2).max(8) }).strict();

export const entryLevels = ['aucun', 'cep', 'bepc', 'probatoire', 'bac'] as const;
const schedules = ['jour', 'soir', 'weekend'] as const;

const departements = defineCollection({
  loader: markdownFiles('departements'),
  schema: z
    .object({
      title: text(80),
      order: z.number().int().min(1),
      tagline: text(160),
      summary: text(220),
      strengths: z.array(card).min(4).max(6),
      careers: z
        .array(z.object({ title: text(120), description: text(600), image: z.string().regex(/^careers\/[a-z0-9-]+$/) }).strict())
        .min(4)
        .max(6),
      assistance: card,
    })
    .strict(),
});

const formations = defineCollection({
  loader: markdownFiles('formations', checkProgrammes),
  schema: z
    .object({
      title: text(100),
      department: reference('departements'),
      order: z.number().int().min(1),
      summary: text(220),
      hero: z.object({ title: text(160), subtitle: text(300) }).strict(),
      durationMonths: z.number().int().min(1).max(36),
      duration: text(40),
      diploma: z.object({ type: z.enum(['DQP', 'CQP', 'Attestation']), name: text(200), awardedBy: text(200) }).strict(),
      entryLevel: z.enum(entryLevels),
      admission: z.array(text(300)).min(2).max(5),
      schedules: z.array(z.enum(schedules)).min(1),
      practicalShare: z.number().int().min(0).max(100).optional(),
      fees: z
        .object({ amount: z.number().int().positive(), currency: z.literal('FCFA'), instalments: text(200).optional() })
        .strict()
        .optional(),
      highlights: z.array(card).length(4),
      job: text(3000),
      skills: z.array(text(200)).min(6).max(10),
      outlets: z.array(text(200)).min(4).max(8),
      /** Older URLs of this programme, kept working as redirects. */
      legacySlugs: z.array(z.string().regex(/^[A-Za-z0-9-]+$/)).optional(),
    })
    .strict(),
});

const faq = defineCollection({
  loader: file(`${contentDir}/faq.yaml`, {
    parser: (source) => (parseYaml(source) as object[]).map((item, index) => ({ id: String(index + 1), ...item })),
  }),
  // `id` is the item's position, added by the parser above (the file loader needs one).
  schema: z.object({ id: z.string(), question: text(200), answer: text(2000) }).strict(),
});

const pages = defineCollection({
  loader: markdownFiles('pages'),
  schema: z
    .object({
      title: text(100),
      description: text(160),
      hero: z.object({ title: text(160), subtitle: text(300), cta: text(60).optional() }).strict(),
      why: section.optional(),
      steps: section.optional(),
      values: section.optional(),
      approach: section.optional(),
    })
    .strict(),
});

const placeholderOr = <T extends z.ZodType>(schema: T) => z.union([schema, z.string().regex(/^\[À COMPLÉTER: .+\]$/)]);

const centre = defineCollection({
  loader: file(`${contentDir}/centre.yaml`, { parser: (source) => ({ centre: parseYaml(source) as Record<string, unknown> }) }),
  schema: z
    .object({
      name: text(120),
      shortName: text(60),
      tagline: text(200),
      address: z.object({ street: text(200), district: text(80), city: text(80), country: text(80) }).strict(),
      phones: z.array(z.object({ label: text(60), number: text(40), display: text(40) }).strict()).min(1),
      whatsapp: z.object({ number: text(40), display: text(40) }).strict(),
      email: placeholderOr(z.email()),
      mapUrl: placeholderOr(z.url()),
      openingHours: z.array(z.object({ days: text(80), hours: text(80) }).strict()).min(1),
      approval: z.object({ authority: text(200), number: text(80), validUntil: text(80) }).strict(),
      social: z.object({
        facebook: text(200),
        twitter: text(200),
        linkedin: text(200),
        youtube: text(200),
        tiktok: text(200),
        instagram: text(200),
      }),
    })
    .strict(),
});

/**
 * Published posts, fetched from the API once per build (the API rebuilds the site when a
 * post changes), each with its cover's size and WebP copies. Without SITE_API_URL (or with
 * SITE_BLOG=off) the blog is built empty; an API that does not answer stops the build.
 */
function publishedPostsLoader(): Loader {
  return {
    name: 'published-posts',
    load: async ({ store, logger, parseData, generateDigest }) => {
      store.clear();
      const api = siteConfig.blogApiUrl;
      if (!api) {
        logger.warn('SITE_API_URL is not set (or SITE_BLOG=off): the blog is built without posts.');
        return;
      }
      for (const post of (await fetchPublishedPosts(api)) as Array<Record<string, unknown>>) {
        const id = String(post.slug ?? post._id);
        const data = await parseData({ id, data: post });
        store.set({ id, data, digest: generateDigest(data) });
      }
    },
  };
}

const blog = defineCollection({
  loader: publishedPostsLoader(),
  // The API's own schema (every post listed is published, so its status is not needed).
  schema: blogPost.omit({ status: true }),
});

export const collections = { departements, formations, faq, pages, centre, blog };
