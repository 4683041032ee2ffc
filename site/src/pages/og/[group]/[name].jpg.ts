import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import sharp from 'sharp';
import { fileCacheKey } from '../../../lib/cache-keys.ts';
import { allIllustrations, ogImageSize } from '../../../lib/card-art.ts';
import { illustrationSvg } from '../../../lib/illustrations.ts';

/** /og/{departements|formations}/{name}.jpg and /og/centre/accueil.jpg: the illustration as a link preview (1200×630). */
export const getStaticPaths = (async () => {
  const illustrations = (await allIllustrations()).filter(({ group }) => group !== 'careers');
  const home = {
    group: 'centre',
    name: 'accueil',
    illustration: {
      color: '#0d5c3a',
      icon: 'graduation-cap' as const,
      background: illustrations.flatMap(({ group, illustration }) =>
        group === 'departements' && illustration.icon ? [illustration.icon] : [],
      ),
      seed: 'accueil',
    },
  };
  return [...illustrations, home].map(({ group, name, illustration }) => ({
    params: { group, name },
    props: { illustration },
    cacheKey: fileCacheKey(illustration),
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = async ({ props }) => {
  const jpeg = await sharp(Buffer.from(illustrationSvg(props.illustration)), { density: 300 })
    .resize({ ...ogImageSize, fit: 'cover' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  return new Response(new Uint8Array(jpeg), { headers: { 'content-type': 'image/jpeg' } });
};
