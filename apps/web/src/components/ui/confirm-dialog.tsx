import { useId, type ReactNode } from 'react';
import type { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import { problemMessage } from './problem-message';
import { useModalDialog } from './use-modal-dialog';
import './confirm-dialog.css';

/**
 * Asks before an action that cannot be undone. It stays mounted and opens as a modal dialog, so the
 * browser keeps focus inside it and returns focus to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  error,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  error?: ApiError | undefined;
}) {
  const t = useT();
  const dialog = useModalDialog(open);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape closes through our state, so the dialog and the page agree on whether it is open.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="confirm-dialog__title">
            {title}
          </h2>
          <div id={bodyId} className="confirm-dialog__body">
            {children}
          </div>
          {error && (
            <p className="confirm-dialog__error" role="alert">
              {problemMessage(t, error)}
            </p>
          )}
          <div className="confirm-dialog__actions">
            {/* The safe choice takes focus, so a reflexive Enter does not confirm. */}
            <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
              {t('confirm.cancel')}
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
