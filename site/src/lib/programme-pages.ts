import type { Locale } from '../i18n/locale.ts';
import { departementPathOf, pagePath, programmePathOf } from '../i18n/routes.ts';
import { pageCacheKey } from './cache-keys.ts';
import { type Departement, getDepartements, getFormations, getRetiredFormations, type Programme } from './centre.ts';

/**
 * What a programme's page shows besides the programme: its department and the department's other
 * programmes. A type, not an interface: Astro's page props must be an object with string keys.
 */
export type ProgrammePageProps = {
  formation: Programme;
  departement: Departement;
  siblings: Programme[];
};

/** Every programme's page in one language (src/pages/formation/[slug].astro, src/pages/en/programmes/[slug].astro). */
export async function programmePages(locale: Locale): Promise<ProgrammePageProps[]> {
  const [departements, formations] = await Promise.all([getDepartements(locale), getFormations(locale)]);
  return formations.map((formation) => {
    const departement = departements.find((candidate) => candidate.id === formation.data.department.id);
    if (!departement)
      throw new Error(`content/formations/${formation.id}.md: unknown department "${formation.data.department.id}"`);
    const siblings = formations.filter((other) => other.data.department.id === departement.id && other.id !== formation.id);
    return { formation, departement, siblings };
  });
}

/**
 * What a programme's page shows, for its cache key (src/lib/cache-keys.ts): the programme in
 * full, its department, its siblings' names and addresses, and which of its intakes are still
 * to come (a passed one leaves the page).
 */
function programmePageData({ formation, departement, siblings }: ProgrammePageProps, today: string) {
  return {
    formation,
    departement,
    siblings: siblings.map(({ id, slugs, data }) => [id, slugs, data.title]),
    upcomingIntakes: (formation.data.intakes ?? []).filter((date) => date >= today),
  };
}

/** A programme address that leads elsewhere: its slug in that language, and the page it leads to. */
export interface ProgrammeMove {
  slug: string;
  to: string;
}

/**
 * The programme addresses of one language that are no page but a permanent redirect: the former
 * slugs of a programme (legacySlugs, French only) to its page, and every address of a retired
 * programme to its department's page (or the programmes list, should its department be gone).
 */
export async function programmeMoves(locale: Locale): Promise<ProgrammeMove[]> {
  const [live, retired, departements] = await Promise.all([
    getFormations(locale),
    getRetiredFormations(locale),
    getDepartements(locale),
  ]);
  const formerSlugs = (formation: Programme) => (locale === 'fr' ? (formation.data.legacySlugs ?? []) : []);
  const departementOf = (formation: Programme) =>
    departements.find((departement) => departement.id === formation.data.department.id);
  return [
    ...live.flatMap((formation) => formerSlugs(formation).map((slug) => ({ slug, to: programmePathOf(locale, formation) }))),
    ...retired.flatMap((formation) => {
      const departement = departementOf(formation);
      const to = departement ? departementPathOf(locale, departement) : pagePath(locale, 'programmes');
      return [formation.slugs[locale], ...formerSlugs(formation)].map((slug) => ({ slug, to }));
    }),
  ];
}

/**
 * The programme addresses of one language (src/pages/formation/[slug].astro,
 * src/pages/en/programmes/[slug].astro): each programme's page, and each move as a redirect.
 */
export async function programmePaths(locale: Locale) {
  const today = new Date().toISOString().slice(0, 10);
  const [pages, moves] = await Promise.all([programmePages(locale), programmeMoves(locale)]);
  const pagePaths = await Promise.all(
    pages.map(async (page) => ({
      params: { slug: page.formation.slugs[locale] },
      props: { page, movedTo: undefined },
      cacheKey: await pageCacheKey([locale, programmePageData(page, today)]),
    })),
  );
  const movePaths = moves.map(({ slug, to }) => ({ params: { slug }, props: { page: undefined, movedTo: to }, cacheKey: to }));
  return [...pagePaths, ...movePaths];
}
