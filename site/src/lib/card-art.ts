import { getEntry } from 'astro:content';
import type { ImageMetadata } from 'astro';
import { getDepartements, getFormations } from './centre.ts';
import type { IconName } from './icons.ts';
import type { Illustration } from './illustrations.ts';
import { careerVisual, departementVisual, programmeVisual } from './visuals.ts';

/**
 * What a card shows: the centre's photo when one was dropped in src/assets/photos/{group}/
 * with the card's key as its name (see the README there), else the generated illustration.
 */
export type ArtGroup = 'departements' | 'formations' | 'careers';

const photoFiles = import.meta.glob<ImageMetadata>('../assets/photos/*/*.{jpg,jpeg,png,webp,avif,JPG,JPEG,PNG,WEBP}', {
  eager: true,
  import: 'default',
});

const photos = new Map<string, ImageMetadata>();
for (const [file, image] of Object.entries(photoFiles)) {
  const match = file.match(/photos\/([^/]+)\/([^/]+)\.[a-zA-Z]+$/);
  if (match) photos.set(`${match[1]}/${match[2]}`, image);
}

/** A career's key in content is `careers/{name}`; the other groups use the page's slug. */
const keyName = (key: string) => key.replace(/^careers\//, '');

/** The card's photo: a programme's own (`picture`, uploaded from the admin), else one dropped in src/assets/photos/. */
export async function findPhoto(group: ArtGroup, key: string): Promise<ImageMetadata | undefined> {
  const picture = group === 'formations' ? (await getEntry('formations', key))?.data.picture : undefined;
  return picture ?? photos.get(`${group}/${keyName(key)}`);
}

export function illustrationUrl(group: ArtGroup, key: string): string {
  return `/illustrations/${group}/${keyName(key)}.svg`;
}

/** Every card's illustration, for the endpoint that writes them. */
export async function allIllustrations(): Promise<Array<{ group: ArtGroup; name: string; illustration: Illustration }>> {
  const [departements, formations] = await Promise.all([getDepartements(), getFormations()]);
  const result: Array<{ group: ArtGroup; name: string; illustration: Illustration }> = [];
  for (const departement of departements) {
    const { color, icon } = departementVisual(departement.id);
    const programmeIcons = formations
      .filter((formation) => formation.data.department.id === departement.id)
      .map((formation) => programmeVisual(formation.id, departement.id).icon)
      .filter((name): name is IconName => name !== undefined && name !== icon);
    result.push({
      group: 'departements',
      name: departement.id,
      illustration: { color, icon, background: programmeIcons.length > 0 ? programmeIcons : [icon], seed: departement.id },
    });
    for (const career of departement.data.careers) {
      const visual = careerVisual(career.image, departement.id);
      result.push({
        group: 'careers',
        name: keyName(career.image),
        illustration: { ...visual, background: [icon, 'briefcase'], seed: career.image },
      });
    }
  }
  for (const formation of formations) {
    const departement = formation.data.department.id;
    const visual = programmeVisual(formation.id, departement);
    const background: IconName[] = visual.greeting
      ? ['languages', 'book-open']
      : [departementVisual(departement).icon, 'graduation-cap'];
    result.push({ group: 'formations', name: formation.id, illustration: { ...visual, background, seed: formation.id } });
  }
  return result;
}

export const ogImageSize = { width: 1200, height: 630 } as const;

/** The picture a shared link shows (WhatsApp, Facebook): the centre's photo when there is one, else the illustration. */
export async function ogImagePath(group: Exclude<ArtGroup, 'careers'>, name: string): Promise<string> {
  const photo = await findPhoto(group, name);
  if (!photo) return `/og/${group}/${name}.jpg`;
  const { getImage } = await import('astro:assets');
  const image = await getImage({ src: photo, ...ogImageSize, fit: 'cover', format: 'jpeg', quality: 80 });
  return image.src;
}
