/** Every query of the content forms starts with this key: an undone change refreshes them all. */
export const siteContentKey = ['content'] as const;

/** What a save sends: the whole form, and the revision its values were read at. */
export interface ContentSaveRequest<Values> {
  version: string;
  values: Values;
}
