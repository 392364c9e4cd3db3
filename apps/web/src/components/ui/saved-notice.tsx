import { useEffect, useRef, useState } from 'react';
import './saved-notice.css';

/** The word said after a save, and where focus goes once the form that had it is gone. */
export function useSavedNotice() {
  const [message, setMessage] = useState<string>();
  // Counts saves, so saying the same sentence twice still moves focus to it.
  const [serial, setSerial] = useState(0);
  return {
    message,
    serial,
    show: (text: string) => {
      setMessage(text);
      setSerial((n) => n + 1);
    },
    clear: () => setMessage(undefined),
  };
}

export function SavedNotice({ notice }: { notice: ReturnType<typeof useSavedNotice> }) {
  const element = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice.serial > 0) element.current?.focus();
  }, [notice.serial]);
  // Always in the page, so screen readers announce the text when it appears.
  return (
    <p ref={element} role="status" tabIndex={-1} className="saved-notice">
      {notice.message}
    </p>
  );
}
