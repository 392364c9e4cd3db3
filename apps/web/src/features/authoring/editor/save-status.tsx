import { useT } from '../../../lib/i18n';
import type { SaveStatus } from './use-question-draft';

/** Where the author's changes are, announced politely as they move. */
export function SaveStatusText({ status, autosave }: { status: SaveStatus; autosave: boolean }) {
  const t = useT();
  const text = {
    saved: t('editor.status.saved'),
    unsaved: autosave ? t('editor.status.unsaved') : t('editor.status.unsavedManual'),
    invalid: t('editor.status.invalid'),
    saving: t('editor.status.saving'),
    failed: t('editor.status.failed'),
    conflict: t('editor.status.conflict'),
  }[status];
  return (
    <p className="save-status" data-status={status} role="status">
      {text}
    </p>
  );
}
