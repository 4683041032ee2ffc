import type { BlogFormValues } from './blog-form-schema.ts';

const prefix = 'blog-draft:';

export interface StoredDraft {
  values: BlogFormValues;
  savedAt: string;
}

/** Unsaved editor content survives a crash, a closed tab or a lost connection; one draft per post ('new' for creation). */
export function readDraft(key: string): StoredDraft | null {
  try {
    const raw = localStorage.getItem(prefix + key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as { values?: Partial<BlogFormValues>; savedAt?: unknown };
    if (!draft.values || typeof draft.savedAt !== 'string') return null;
    // A draft kept before a field existed has it blank.
    return {
      savedAt: draft.savedAt,
      values: { coverAlt: '', titleEn: '', descriptionEn: '', ...draft.values } as BlogFormValues,
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: BlogFormValues): void {
  try {
    localStorage.setItem(prefix + key, JSON.stringify({ values, savedAt: new Date().toISOString() } satisfies StoredDraft));
  } catch {
    // A full or disabled storage only costs the safety net, not the editing.
  }
}

export function clearDraft(key: string): void {
  localStorage.removeItem(prefix + key);
}
