import { type CatalogueProgramme, readCatalogue } from '@cfp/content/catalogue';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The programmes of the content folder, read again when the folder changes (refresh). */
    programmes: ProgrammeCatalogue;
  }
}

export class ProgrammeCatalogue {
  /** Read on first use (it parses every programme file), and again after refresh(). */
  private programmes: Map<string, CatalogueProgramme> | undefined;
  private readonly contentDir: string;

  constructor(contentDir: string) {
    this.contentDir = contentDir;
  }

  get(slug: string): CatalogueProgramme | undefined {
    this.programmes ??= readCatalogue(this.contentDir);
    return this.programmes.get(slug);
  }

  /** The programme's name as the site prints it, or its slug when it is no longer in the content. */
  title(slug: string): string {
    return this.get(slug)?.title ?? slug;
  }

  refresh(): void {
    this.programmes = undefined;
  }
}

export default fp(
  async (app) => {
    app.decorate('programmes', new ProgrammeCatalogue(app.config.content.directory));
  },
  { name: 'programmes', dependencies: ['config'] },
);
