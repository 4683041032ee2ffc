/** Every query of the content forms starts with this key: an undone change refreshes them all. */
export const siteContentKey = ['content'] as const;

/** What a save sends: the whole form, and the revision its values were read at. */
export interface ContentSaveRequest<Values> {
  version: string;
  values: Values;
  /** The English texts beside the French ones; absent leaves the English file as it is. */
  english?: unknown;
  /** "The English says the same as the French", ticked. */
  englishUpToDate?: boolean;
}

/** The values of a form that holds the English beside the French ones. */
export type WithEnglish<Values, English> = Values & { english: English; englishUpToDate: boolean };

/** A form's values with the English beside them, sent as the API takes them: the English apart from the French. */
export function englishApart<Values, English>({
  version,
  values,
}: ContentSaveRequest<WithEnglish<Values, English | undefined>>): ContentSaveRequest<Values> {
  const { english, englishUpToDate, ...french } = values;
  return { version, values: french as Values, ...(english === undefined ? {} : { english }), englishUpToDate };
}
