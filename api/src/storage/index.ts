import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';
export { imagesKeyPrefix } from './storage.ts';

export function createStorage(config: Config['storage']): Storage {
  return config.driver === 'local' ? createLocalStorage(config.directory, config.publicUrl) : createS3Storage(config);
}
