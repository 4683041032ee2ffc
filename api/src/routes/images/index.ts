import { randomUUID } from 'node:crypto';
import { errorResponse, uploadedImage } from '@cfp/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error.ts';
import { processImage, safeBaseName } from '../../images/process-image.ts';
import { ProcessingQueue } from '../../images/processing-queue.ts';
import { oneImageUpload, readUpload } from '../../images/read-upload.ts';
import { recordUploadedImage } from '../../images/uploaded-images.ts';
import { imagesKeyPrefix } from '../../storage/index.ts';

const busyRetryAfterSeconds = 10;

const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, oneImageUpload(app.config.uploadMaxBytes));
  const processing = new ProcessingQueue();

  app.post(
    '/images',
    {
      bodyLimit: app.config.uploadMaxBytes + 64 * 1024,
      config: { largeBody: true },
      schema: {
        summary: 'Upload a cover image (multipart field "image"); answers its public URL',
        tags: ['images'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImage, 400: errorResponse, 413: errorResponse, 415: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the image as multipart/form-data with a field named "image"');
      const { bytes, fileName } = await readUpload(request, app.config.uploadMaxBytes);
      const processed = processing.tryRun(() => processImage(bytes));
      if (!processed) {
        return reply
          .status(503)
          .header('retry-after', String(busyRetryAfterSeconds))
          .send({ message: 'Too many images are being processed right now: try again in a few seconds' });
      }
      const image = await processed;

      // Random, so that two uploads of the same file name never share (or clean up) each other's keys.
      const stem = `${imagesKeyPrefix}${randomUUID()}_${safeBaseName(fileName)}`;
      const key = `${stem}.${image.extension}`;
      const variants = image.variants.map((variant) => ({ ...variant, key: `${stem}-${variant.width}w.webp` }));
      const objects = [
        { key, body: image.main, contentType: image.contentType },
        ...variants.map((variant) => ({ key: variant.key, body: variant.body, contentType: 'image/webp' })),
      ];
      try {
        for (const object of objects) await app.storage.put(object.key, object.body, object.contentType);
      } catch (error) {
        request.log.error({ err: error }, 'image storage failed');
        await Promise.allSettled(objects.map((object) => app.storage.remove(object.key)));
        if ((error as { code?: string }).code === 'ENOSPC')
          throw new HttpError(507, 'The server is out of storage space: the image was not saved');
        throw new HttpError(503, 'Image storage is unavailable right now: the image was not saved, try again later');
      }
      recordUploadedImage(app.db, {
        key,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        variants: variants.map((variant) => ({ width: variant.width, key: variant.key })),
      });

      return reply.status(201).send({
        message: 'Image uploaded',
        url: app.storage.publicUrl(key),
        key,
        width: image.width,
        height: image.height,
        variants: variants.map((variant) => ({ width: variant.width, url: app.storage.publicUrl(variant.key) })),
      });
    },
  );
};

export default imagesRoutes;
