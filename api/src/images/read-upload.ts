import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error.ts';

/** @fastify/multipart's limits for a route that takes one image and nothing else. */
export const oneImageUpload = (maxBytes: number) => ({
  limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
});

/** The one file of a multipart upload, in a field named "image", at most `maxBytes`: a clear 400 or 413 otherwise. */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer; fileName: string }> {
  try {
    const file = await request.file();
    if (file?.fieldname !== 'image') throw new HttpError(400, 'Send the image in a field named "image"');
    return { bytes: await file.toBuffer(), fileName: file.filename };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The image is too large: at most ${Math.round(maxBytes / 1024 / 1024)} MB`);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw error;
    throw new HttpError(400, `The multipart body is malformed: ${(error as Error).message}`);
  }
}
