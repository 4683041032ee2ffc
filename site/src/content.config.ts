import { defineCollection, reference } from 'astro:content';
import { readdirSync } from 'node:fs';
import {
  centreSchema,
  departementSchema,
  duplicateSlugProblems,
  englishCentreSchema,
  englishDepartementSchema,
  englishFaqItemSchema,
  englishPageSchema,
  englishProgrammeSchema,
  faqItemSchema,
  pageSchema,
  programmeProblems,
  programmeSchema,
  slugProblem,
  translationOfIn,
} from '@cfp/content';
import { blogPost, type ContentProblem, fieldLabel } from '@cfp/shared';
import { file, glob, type Loader, type LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';
import { siteConfig } from './config.ts';
import { fetchPublishedPosts } from './lib/blog-source.ts';

/**
 * The schemas of everything in `content/` (see docs/content-format.md). A file that breaks
 * them fails the build with a message naming the file and the field.
 */

/** The collections' files are `{contentDir}/{collection}/{slug}.md`; relative paths are to the site's root. */
const { contentDir } = siteConfig;

class ContentError extends Error {
  override name = 'ContentError';
}

/** Stops the build on the first problem, named as `pnpm content:check` names it (file, field, French message). */
function fail(problem: ContentProblem | undefined): void {
  if (problem)
    throw new ContentError(
      `${problem.file}${problem.field ? ` (${fieldLabel(problem.file, problem.field)})` : ''} : ${problem.message}`,
    );
}

/**
 * Markdown files of `content/{directory}`, whose ids are their file names in lower case.
 * Astro's glob loader lets a second file with the same id silently replace the first
 * (soudure.md and Soudure.md): here it fails the build, naming both files. `check` runs over
 * the whole collection once it is loaded, cached entries included.
 */
function markdownFiles(directory: string, check?: (context: LoaderContext) => void): Loader {
  const inner = glob({
    pattern: '*.md',
    base: `${contentDir}/${directory}`,
    generateId: ({ entry }) => {
      fail(slugProblem(directory, entry));
      return entry.replace(/\.md$/i, '').toLowerCase();
    },
  });
  return {
    name: 'content-files',
    load: async (context) => {
      const directoryUrl = new URL(`${contentDir}/${directory}/`, context.config.root);
      fail(
        duplicateSlugProblems(
          directory,
          readdirSync(directoryUrl).filter((name) => name.endsWith('.md')),
        )[0],
      );
      await inner.load(context);
      check?.(context);
    },
  };
}

const fileOf = (entry: { id: string; filePath?: string }) =>
  `content/formations/${entry.filePath?.split('/').pop() ?? `${entry.id}.md`}`;

/** The rules across files (departments exist, legacy slugs do not collide), as the content check has them. */
function checkProgrammes({ store, config }: LoaderContext): void {
  const departements = readdirSync(new URL(`${contentDir}/departements/`, config.root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.replace(/\.md$/i, '').toLowerCase());
  const programmes = store.values().map((entry) => ({
    file: fileOf(entry),
    id: entry.id,
    department: (entry.data.department as { id: string }).id,
    legacySlugs: entry.data.legacySlugs as string[] | undefined,
  }));
  fail(programmeProblems(programmes, departements)[0]);
}

const departements = defineCollection({ loader: markdownFiles('departements'), schema: departementSchema });

// A programme's photo (`picture: ./soudure.jpg`, beside its file) is an image the build optimises.
const formations = defineCollection({
  loader: markdownFiles('formations', checkProgrammes),
  schema: ({ image }) => programmeSchema.extend({ department: reference('departements'), picture: image().optional() }),
});

/** A list of questions; each item's `id` is its position, added here (the file loader needs one). */
const faqFile = (name: string) =>
  file(`${contentDir}/${name}`, {
    parser: (source) => {
      const items = parseYaml(source) as object[];
      // The English FAQ's stamp is a comment line: each question carries it, for the page to tell whether it lags the French.
      const stamp = translationOfIn('faq', source, items);
      return items.map((item, index) => ({
        id: String(index + 1),
        ...item,
        ...(stamp === undefined ? {} : { translationOf: stamp }),
      }));
    },
  });

const faq = defineCollection({ loader: faqFile('faq.yaml'), schema: faqItemSchema.extend({ id: z.string() }) });

const pages = defineCollection({ loader: markdownFiles('pages'), schema: pageSchema });

// The English texts (content/en/, docs/content-format.md): each file has the French one's name.
const formationsEn = defineCollection({ loader: markdownFiles('en/formations'), schema: englishProgrammeSchema });
const departementsEn = defineCollection({ loader: markdownFiles('en/departements'), schema: englishDepartementSchema });
const pagesEn = defineCollection({ loader: markdownFiles('en/pages'), schema: englishPageSchema });
const centreEn = defineCollection({
  loader: file(`${contentDir}/en/centre.yaml`, {
    parser: (source) => ({ centre: parseYaml(source) as Record<string, unknown> }),
  }),
  schema: englishCentreSchema,
});
const faqEn = defineCollection({
  loader: faqFile('en/faq.yaml'),
  schema: englishFaqItemSchema.extend({ id: z.string(), translationOf: z.string().optional() }),
});

const centre = defineCollection({
  loader: file(`${contentDir}/centre.yaml`, { parser: (source) => ({ centre: parseYaml(source) as Record<string, unknown> }) }),
  schema: centreSchema,
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

export const collections = {
  departements,
  formations,
  faq,
  pages,
  centre,
  blog,
  formationsEn,
  departementsEn,
  pagesEn,
  faqEn,
  centreEn,
};
