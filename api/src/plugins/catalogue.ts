import { type CatalogueProgramme, type ContactDetails, readCatalogue, readCentreDetails } from '@cfp/content/catalogue';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the API reads of the content folder, read again when the folder changes (refresh). */
    catalogue: ContentCatalogue;
  }
}

/** The programmes and the centre's details, read on first use (they parse every file) and again after refresh(). */
export class ContentCatalogue {
  private programmes: Map<string, CatalogueProgramme> | undefined;
  private centreDetails: { value: ContactDetails | undefined } | undefined;
  private readonly contentDir: string;

  constructor(contentDir: string) {
    this.contentDir = contentDir;
  }

  programme(slug: string): CatalogueProgramme | undefined {
    this.programmes ??= readCatalogue(this.contentDir);
    return this.programmes.get(slug);
  }

  /** The programme's name as the site prints it, or its slug when it is no longer in the content. */
  title(slug: string): string {
    return this.programme(slug)?.title ?? slug;
  }

  centre(): ContactDetails | undefined {
    this.centreDetails ??= { value: readCentreDetails(this.contentDir) };
    return this.centreDetails.value;
  }

  refresh(): void {
    this.programmes = undefined;
    this.centreDetails = undefined;
  }
}

export default fp(
  async (app) => {
    app.decorate('catalogue', new ContentCatalogue(app.config.content.directory));
  },
  { name: 'catalogue', dependencies: ['config'] },
);
