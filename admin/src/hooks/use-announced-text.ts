import { type RefObject, useEffect, useRef } from 'react';
import { announce } from '../lib/announcer.ts';

/** Says the element's text through the live region each time it changes (not on every render). */
export function useAnnouncedText(element: RefObject<HTMLElement | null>, enabled = true): void {
  const said = useRef('');
  useEffect(() => {
    const text = enabled ? (element.current?.textContent ?? '') : '';
    if (text && text !== said.current) announce(text);
    said.current = text;
  });
}
