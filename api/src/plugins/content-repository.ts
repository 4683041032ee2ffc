import fp from 'fastify-plugin';
import { ContentChecker } from '../content/content-checker.ts';
import { ContentRepository } from '../content/content-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The git repository of the content folder: the admin's saves are its commits. */
    contentRepository: ContentRepository;
    /** The content check, in a process of its own: what a save or an undo would write, checked before it is. */
    contentChecker: ContentChecker;
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
    const checker = new ContentChecker();
    app.decorate('contentChecker', checker);
    app.addHook('onReady', async () => repository.startSync());
    app.addHook('onClose', async () => {
      repository.stopSync();
      checker.keepLoaded(0);
    });
  },
  { name: 'content-repository', dependencies: ['config'] },
);
