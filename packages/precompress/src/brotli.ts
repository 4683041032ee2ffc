import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);

/** `content`'s brotli copy at `quality` (0-11), on libuv's thread pool. */
export const brotli = (content: Buffer, quality: number): Promise<Buffer> =>
  brotliAsync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
