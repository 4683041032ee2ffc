import { useCallback, useEffect, useRef, useState } from 'react';

interface FlashMessage {
  kind: 'success' | 'error';
  text: string;
}

/** A status message that clears itself after `durationMs` (2 s, or 3 s on the Subscribers screen, as staff know it). */
export function useFlashMessage(durationMs: number) {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (kind: FlashMessage['kind'], text: string) => {
      clearTimeout(timer.current);
      setMessage({ kind, text });
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  return [message, show] as const;
}
