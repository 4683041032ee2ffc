import type { ContentFieldNames } from '@cfp/shared';
import { useCentreDetails } from './get-centre-details.ts';
import { useProgrammes } from './get-programmes.ts';

/**
 * The names of phones and programmes, read only when asked for (a checklist that names them);
 * until they come, or if they cannot be read, the links fall back to "Phone 1" and the slug.
 */
export function useContentNames(wanted: { phones: boolean; programmes: boolean }): ContentFieldNames {
  const centre = useCentreDetails({ enabled: wanted.phones });
  const programmes = useProgrammes({ enabled: wanted.programmes });
  return {
    ...(centre.data && { phones: centre.data.values.phones.map((phone) => phone.label) }),
    ...(programmes.data && {
      programmes: Object.fromEntries(programmes.data.programmes.map((programme) => [programme.slug, programme.title])),
    }),
  };
}
