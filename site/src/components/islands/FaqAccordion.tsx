/**
 * The FAQ, an island (`client:visible`). Rendered at build time, it is native
 * `<details name="faq">`: every answer opens without JavaScript, and browsers that know `name`
 * keep one open at a time by themselves. Hydrated, it does that for older ones too (still common
 * on entry-level Android phones), and a link to /faq#question-3 opens that answer.
 */
import { type ReactNode, type SyntheticEvent, useEffect, useState } from 'react';

export interface FaqQuestion {
  id: string;
  question: string;
}

interface FaqAccordionProps {
  questions: FaqQuestion[];
  /**
   * Each answer, rendered by Astro as the slot `answer{index}`: the page carries its HTML once,
   * not a second time in the island's props.
   */
  [answer: `answer${number}`]: ReactNode;
}

export const answerSlotOf = (index: number) => `answer${index}` as const;
const anchorOf = (question: FaqQuestion) => `question-${question.id}`;

export default function FaqAccordion({ questions, ...answers }: FaqAccordionProps) {
  const [openId, setOpenId] = useState<string | undefined>(undefined);

  useEffect(() => {
    const linked = questions.find((question) => `#${anchorOf(question)}` === window.location.hash);
    if (linked) setOpenId(linked.id);
  }, [questions]);

  const follow = (id: string) => (event: SyntheticEvent<HTMLDetailsElement>) => {
    const open = event.currentTarget.open;
    setOpenId((current) => (open ? id : current === id ? undefined : current));
  };

  return (
    <div className="faq">
      {questions.map((question, index) => (
        <details
          key={question.id}
          className="faq__item"
          name="faq"
          id={anchorOf(question)}
          open={openId === question.id}
          onToggle={follow(question.id)}
        >
          <summary className="faq__question">{question.question}</summary>
          <div className="faq__answer prose">{answers[answerSlotOf(index)]}</div>
        </details>
      ))}
    </div>
  );
}
