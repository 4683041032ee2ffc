import { useEffect, useId, useRef, useState } from 'react';

interface Props {
  items: Array<{ id: string; question: string; answerHtml: string }>;
}

/**
 * The FAQ as native <details> (every answer opens without JavaScript), turned on hydration
 * into an accordion of buttons with aria-expanded/aria-controls: one answer open at a time,
 * the open one closes when selected again.
 */
export default function FaqAccordion({ items }: Props) {
  const prefix = useId();
  const list = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    // Keep the answer a visitor opened before the script arrived.
    const opened = list.current?.querySelector<HTMLDetailsElement>('details[open]');
    setOpen(opened?.dataset.id ?? null);
    setEnhanced(true);
  }, []);

  return (
    <div className="faq" ref={list}>
      {items.map((item) => {
        const answer = <div className="faq__answer prose" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />;
        if (!enhanced) {
          return (
            <details key={item.id} className="faq__item" name="faq" data-id={item.id}>
              <summary className="faq__question">{item.question}</summary>
              {answer}
            </details>
          );
        }
        const expanded = open === item.id;
        const buttonId = `${prefix}-q${item.id}`;
        const panelId = `${prefix}-a${item.id}`;
        return (
          <div key={item.id} className="faq__item" data-open={expanded || undefined}>
            <h2 className="faq__heading">
              <button
                type="button"
                id={buttonId}
                className="faq__question"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.id)}
              >
                {item.question}
              </button>
            </h2>
            <section id={panelId} aria-labelledby={buttonId} hidden={!expanded}>
              {answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
