import fp from 'fastify-plugin';
import { ContentRepository } from '../content/content-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The git repository of the content folder: the admin's saves are its commits. */
    contentRepository: ContentRepository;
  }
}

/** With a shared repository, the API's clone is made before anything reads the content, then kept in step. */
export default fp(
  async (app) => {
    const { remote, directory, gitEnv } = app.config.content;
    if (remote) await ContentRepository.cloneIfMissing(remote, gitEnv);
    const repository = new ContentRepository({
      contentDir: directory,
      remote,
      log: app.log.child({ component: 'content-repository' }),
      systemEnv: gitEnv,
    });
    app.decorate('contentRepository', repository);
    app.addHook('onReady', async () => repository.startSync());
    app.addHook('onClose', async () => repository.stopSync());
  },
  { name: 'content-repository', dependencies: ['config'] },
);
