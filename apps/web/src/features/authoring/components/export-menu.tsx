import type { ExchangeFormat } from '@questa/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { exportBank, saveFile } from '../api/export-bank';
import type { ExportScope } from '../api/export-url';
import { exchangeFormatOptions } from '../question-kinds';
import '../../../components/ui/panel.css';

/** Opens a small panel to choose a format and which questions, then downloads the file. */
export function ExportMenu({ clientId, bankId }: { clientId: string; bankId: string }) {
  const t = useT();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ExchangeFormat>('gift');
  const [scope, setScope] = useState<ExportScope>('published');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      saveFile(await exportBank(clientId, bankId, format, scope));
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="export-menu">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        {t('export.action')}
      </Button>
      <div id={panelId} hidden={!open} className="panel export-menu__panel">
        <Field label={t('export.format')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={format}
              onChange={(event) => setFormat(event.target.value as ExchangeFormat)}
            >
              {exchangeFormatOptions.map((option) => (
                <option key={option} value={option}>
                  {t(`exchangeFormat.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('export.scope')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={scope}
              onChange={(event) => setScope(event.target.value as ExportScope)}
            >
              <option value="published">{t('export.published')}</option>
              <option value="all">{t('export.all')}</option>
            </select>
          )}
        </Field>
        <Button onClick={() => void download()} disabled={busy}>
          {t('export.download')}
        </Button>
        {error && <ProblemAlert title={t('export.failed')} error={error} />}
      </div>
    </div>
  );
}
