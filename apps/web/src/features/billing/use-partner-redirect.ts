import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError, type ApiError } from '../../lib/api-client';

/**
 * Sends the browser to one of the payment partner's hosted pages (checkout, portal). What was
 * clicked stays pending from the click until the browser has left, and a second click meanwhile
 * does nothing; coming back with the Back button shows the page as it was before the click.
 */
export function usePartnerRedirect() {
  const [going, setGoing] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setGoing(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  /** Asks for the page's address under `key` (what the button was for) and goes there. */
  const go = useCallback(async (key: string, address: () => Promise<string | null>) => {
    if (busy.current) return;
    busy.current = true;
    setGoing(key);
    setError(null);
    try {
      const url = await address();
      if (url) {
        window.location.assign(url);
        return;
      }
      setError(toApiError(new Error('The payment partner gave no page to go to.')));
    } catch (caught) {
      setError(toApiError(caught));
    }
    busy.current = false;
    setGoing(null);
  }, []);

  return { going, error, go };
}
