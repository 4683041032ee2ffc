import fp from 'fastify-plugin';
import { ContentCatalogue } from '../content/content-catalogue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the API reads of the content folder, read again when the folder changes (refresh). */
    catalogue: ContentCatalogue;
  }
}

export default fp(
  async (app) => {
    app.decorate('catalogue', new ContentCatalogue(app.config.content.directory));
  },
  { name: 'catalogue', dependencies: ['config'] },
);
