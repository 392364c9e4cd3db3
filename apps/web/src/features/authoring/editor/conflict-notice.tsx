import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/**
 * Someone else saved first. Nothing the author typed is dropped until they choose: their text
 * stays in the editor and in this browser.
 */
export function ConflictNotice({
  onReload,
  onKeepMine,
}: {
  onReload: () => void;
  onKeepMine: () => void;
}) {
  const t = useT();
  return (
    <div className="authoring-notice authoring-notice--warning" role="alert">
      <p>
        <strong>{t('editor.conflictTitle')}</strong>
      </p>
      <p>{t('editor.conflictBody')}</p>
      <div className="authoring-actions">
        <Button variant="secondary" onClick={onReload}>
          {t('editor.reloadTheirs')}
        </Button>
        <Button variant="secondary" onClick={onKeepMine}>
          {t('editor.keepMine')}
        </Button>
      </div>
    </div>
  );
}
