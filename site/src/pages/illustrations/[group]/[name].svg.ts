import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { fileCacheKey } from '../../../lib/cache-keys.ts';
import { allIllustrations } from '../../../lib/card-art.ts';
import { illustrationSvg } from '../../../lib/illustrations.ts';

/** /illustrations/{departements|formations|careers}/{name}.svg: one small file per card, written at build time. */
export const getStaticPaths = (async () =>
  (await allIllustrations()).map(({ group, name, illustration }) => ({
    params: { group, name },
    props: { illustration },
    cacheKey: fileCacheKey(illustration),
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) =>
  new Response(illustrationSvg(props.illustration), { headers: { 'content-type': 'image/svg+xml' } });
