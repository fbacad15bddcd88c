/** A message that disappears by itself after `hideAfterMs` (alerts and success notes). */
import { useCallback, useEffect, useState } from 'react';

export const useTimedMessage = (hideAfterMs: number) => {
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (message === null) return undefined;
    const timer = setTimeout(() => setMessage(null), hideAfterMs);
    return () => clearTimeout(timer);
  }, [message, hideAfterMs]);

  const clear = useCallback(() => setMessage(null), []);
  return { message, show: setMessage, clear };
};
