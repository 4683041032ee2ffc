import type { Locale } from '../i18n/locale.ts';
import { type Departement, getDepartements, getFormations, type Programme } from './centre.ts';

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
export function programmePageData({ formation, departement, siblings }: ProgrammePageProps, today: string) {
  return {
    formation,
    departement,
    siblings: siblings.map(({ id, slugs, data }) => [id, slugs, data.title]),
    upcomingIntakes: (formation.data.intakes ?? []).filter((date) => date >= today),
  };
}
