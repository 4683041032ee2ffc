import type { ContentPreviewResponse } from '@cfp/shared';
import { Alert } from '../../../components/alert.tsx';
import { apiUrl } from '../../../config.ts';

/** The preview's pages, each opening in a new tab: what was typed, on the site's own pages, not published. */
export function PreviewOutcome({ preview }: { preview: ContentPreviewResponse }) {
  const open = (path: string, label: string, lang: string) => (
    <a href={`${apiUrl()}${path}`} target="_blank" rel="noopener noreferrer" hrefLang={lang}>
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
  return (
    <Alert kind="info">
      Preview ready, not published: {open(preview.pages.fr, 'French page', 'fr')}
      {preview.pages.en && <> · {open(preview.pages.en, 'English page', 'en')}</>}. Save to publish it.
    </Alert>
  );
}
