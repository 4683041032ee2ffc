import type { Locale } from '../i18n/locale.ts';
import { type Departement, getDepartements, getFormations, type Programme } from './centre.ts';

/** What a department's page shows: the department and its programmes, in one language (a type, not an interface: Astro's props need an index signature). */
export type DepartementPageProps = {
  departement: Departement;
  formations: Programme[];
};

/** Every department's page in one language (src/pages/departement/[slug].astro, src/pages/en/departments/[slug].astro). */
export async function departementPages(locale: Locale): Promise<DepartementPageProps[]> {
  const [departements, formations] = await Promise.all([getDepartements(locale), getFormations(locale)]);
  return departements.map((departement) => ({
    departement,
    formations: formations.filter((formation) => formation.data.department.id === departement.id),
  }));
}

/** What a department's page shows, for its cache key: the department in full, and what its programme cards say. */
export function departementPageData({ departement, formations }: DepartementPageProps) {
  return {
    departement,
    formations: formations.map(({ id, slugs, data }) => [
      id,
      slugs,
      data.title,
      data.summary,
      data.durationMonths,
      data.diploma,
      data.entryLevel,
      data.picture?.src,
    ]),
  };
}
