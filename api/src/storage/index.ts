import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

export { imagesKeyPrefix } from '../config.ts';
export type { Storage } from './storage.ts';

/** The S3 client (minio, some 22 MB of memory) is loaded only when the images are on S3. */
export async function createStorage(config: Config['storage']): Promise<Storage> {
  if (config.driver === 'local') return createLocalStorage(config.directory, config.publicUrl);
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config);
}
