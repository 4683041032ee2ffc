import type { Locale, NewsletterPreview } from '@cfp/shared';
import { useId, useState } from 'react';

const languages: Array<{ locale: Locale; label: string }> = [
  { locale: 'fr', label: 'French' },
  { locale: 'en', label: 'English' },
];

/**
 * The e-mail as the API would send it, in each language: its subject, its HTML drawn in a
 * sandboxed frame (nothing in it runs, nothing it links to opens) and its plain-text part.
 */
export function NewsletterPreviewPanel({ preview }: { preview: NewsletterPreview }) {
  const [shown, setShown] = useState<Locale>('fr');
  const id = useId();
  const mail = preview[shown];
  const count = preview.recipients[shown];
  return (
    <section className="newsletter__preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Preview</h3>
      <div className="newsletter__tabs" role="tablist" aria-label="Language of the preview">
        {languages.map(({ locale, label }) => (
          <button
            key={locale}
            type="button"
            role="tab"
            id={`${id}-${locale}`}
            aria-selected={shown === locale}
            aria-controls={`${id}-panel`}
            tabIndex={shown === locale ? 0 : -1}
            className="newsletter__tab"
            onClick={() => setShown(locale)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              const next = shown === 'fr' ? 'en' : 'fr';
              setShown(next);
              document.getElementById(`${id}-${next}`)?.focus();
            }}
          >
            {label} ({preview.recipients[locale].toLocaleString('en-GB')})
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${shown}`} className="newsletter__mail">
        <p className="newsletter__subject">
          <span>Subject</span> <strong lang={shown}>{mail.subject}</strong>
        </p>
        <p className="field__hint">
          {count === 0
            ? `No subscriber reads in ${shown === 'fr' ? 'French' : 'English'} yet.`
            : `What ${count.toLocaleString('en-GB')} subscriber${count === 1 ? '' : 's'} will get.`}
        </p>
        <iframe
          className="newsletter__frame"
          title={`The e-mail in ${shown === 'fr' ? 'French' : 'English'}`}
          sandbox=""
          srcDoc={mail.html}
        />
        <details className="newsletter__text">
          <summary>Plain-text version</summary>
          <pre lang={shown}>{mail.text}</pre>
        </details>
      </div>
    </section>
  );
}
