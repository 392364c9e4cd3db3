import { useEffect, useRef } from 'react';

/**
 * Keeps a native `<dialog>` shown as a modal while `open` is true, so the page's state, not the
 * element, decides whether it is open. Put the returned ref on the dialog.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
