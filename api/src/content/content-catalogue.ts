import path from 'node:path';
import { centreSchema, contactDetails, documentsIn, englishCentreSchema, readEnglishTwin, splitFrontMatter } from '@cfp/content';
import {
  type CatalogueProgramme,
  type ContactDetails,
  type LocalizedProgramme,
  readCatalogue,
  readCentreDetails,
} from '@cfp/content/catalogue';
import { listProgrammes } from '@cfp/content/editing';
import { readContentFile } from '@cfp/content/files';
import type { Locale, ProgrammeSummary } from '@cfp/shared';

/** centre.yaml (or its English words, content/en/centre.yaml) as it is written, or undefined when it breaks its schema. */
function readYaml(file: string): unknown {
  try {
    return splitFrontMatter(`---\n${readContentFile(file)}\n---\n`)?.data;
  } catch {
    return undefined;
  }
}

/** The programmes and the centre's details, read on first use (they parse every file) and again after refresh(). */
export class ContentCatalogue {
  private programmes: Map<string, CatalogueProgramme> | undefined;
  private programmesInOrder: ProgrammeSummary[] | undefined;
  private centreDetails: { value: ContactDetails | undefined } | undefined;
  private englishCentreDetails: { value: ContactDetails | undefined } | undefined;
  private readonly englishProgrammes = new Map<string, LocalizedProgramme | undefined>();
  private readonly contentDir: string;

  constructor(contentDir: string) {
    this.contentDir = contentDir;
  }

  programme(slug: string): CatalogueProgramme | undefined {
    this.programmes ??= readCatalogue(this.contentDir);
    return this.programmes.get(slug);
  }

  /** Every programme of the content, retired ones too, in the site's order (its departments', then theirs), with its department's title. */
  programmeList(): ProgrammeSummary[] {
    this.programmesInOrder ??= listProgrammes(this.contentDir);
    return this.programmesInOrder;
  }

  /** The programme's name as the site prints it, or its slug when it is no longer in the content. */
  title(slug: string): string {
    return this.programme(slug)?.title ?? slug;
  }

  /**
   * The programme as the pages of one language print it; in English, its French title and page
   * where its English twin is missing or broken (the content check reports that).
   */
  programmeIn(locale: Locale, slug: string): LocalizedProgramme | undefined {
    const programme = this.programme(slug);
    if (!programme) return undefined;
    const french = {
      ...programme,
      pageSlug: programme.slug,
      documents: documentsIn('fr', programme.enrolmentDocuments, undefined),
    };
    if (locale === 'fr') return french;
    if (!this.englishProgrammes.has(slug)) {
      const twin = readEnglishTwin(this.contentDir, 'programme', slug)?.data;
      this.englishProgrammes.set(
        slug,
        twin && {
          ...programme,
          pageSlug: twin.slug,
          title: twin.title,
          documents: documentsIn('en', programme.enrolmentDocuments, twin.enrolmentDocuments),
        },
      );
    }
    return this.englishProgrammes.get(slug) ?? french;
  }

  /** The programmes that take pre-enrolments, as the pages of one language name them, by name. */
  offeredIn(locale: Locale): LocalizedProgramme[] {
    this.programmes ??= readCatalogue(this.contentDir);
    return [...this.programmes.values()]
      .filter((programme) => !programme.retired)
      .flatMap((programme) => this.programmeIn(locale, programme.slug) ?? [])
      .toSorted((one, other) => one.title.localeCompare(other.title, locale));
  }

  /** The programme's name in one language, or its slug when it is no longer in the content. */
  titleIn(locale: Locale, slug: string): string {
    return this.programmeIn(locale, slug)?.title ?? slug;
  }

  centre(): ContactDetails | undefined {
    this.centreDetails ??= { value: readCentreDetails(this.contentDir) };
    return this.centreDetails.value;
  }

  /** The centre's details with the words of one language (content/en/centre.yaml for English: the callback delay…). */
  centreIn(locale: Locale): ContactDetails | undefined {
    if (locale === 'fr') return this.centre();
    this.englishCentreDetails ??= { value: this.readEnglishCentre() };
    return this.englishCentreDetails.value;
  }

  private readEnglishCentre(): ContactDetails | undefined {
    const french = centreSchema.safeParse(readYaml(path.join(this.contentDir, 'centre.yaml')));
    if (!french.success) return undefined;
    const english = englishCentreSchema.safeParse(readYaml(path.join(this.contentDir, 'en', 'centre.yaml')));
    if (english.success) return contactDetails(french.data, english.data);
    // Without its English words, no French sentence slips into an English one: the delay is left unsaid.
    return { ...contactDetails(french.data), locale: 'en', callbackDelay: undefined };
  }

  refresh(): void {
    this.programmes = undefined;
    this.programmesInOrder = undefined;
    this.centreDetails = undefined;
    this.englishCentreDetails = undefined;
    this.englishProgrammes.clear();
  }
}
