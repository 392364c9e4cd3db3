import type { ImportFormat, ImportReport } from '@questa/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import { useBank } from '../api/get-bank';
import { importQuestions, type ImportMode } from '../api/import-questions';
import { SNIFF_BYTES, guessFormat, guessTextFormat } from '../guess-format';
import { authorPaths } from '../paths';
import { CheckReport, IssueList } from './check-report';
import { importFormatOptions } from '../question-kinds';
import type { TenantAccess } from '../tenant-access';
import '../components/authoring.css';
import '../../../components/ui/panel.css';
import './import.css';
import { IMPORT_LIMITS } from '@questa/contracts/rules';

const maxBytes = IMPORT_LIMITS.maxBytes;

type Step =
  | { kind: 'choose' }
  | { kind: 'uploading'; dryRun: boolean; progress: UploadProgress }
  | { kind: 'checked'; report: ImportReport }
  | { kind: 'imported'; report: ImportReport };

/**
 * Imports a file into a bank in two steps: a dry run that lists what is wrong line by line and
 * previews the first questions, then the import itself, all at once or only the valid questions.
 */
export function ImportPage({ access, bankId }: { access: TenantAccess; bankId: string }) {
  const t = useT();
  const formId = useId();
  const { clientId } = access.membership;
  const bank = useBank(clientId, bankId);
  const [file, setFile] = useState<File>();
  // The file last chosen: a look inside an earlier one that finishes late must not set the format.
  const chosenFile = useRef<File>(undefined);
  const [format, setFormat] = useState<ImportFormat>('gift');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<ApiError>();
  const [tooLarge, setTooLarge] = useState(false);

  const send = async (dryRun: boolean, mode: ImportMode = 'all_or_nothing') => {
    if (!file) return;
    const previous = step;
    setError(undefined);
    setStep({ kind: 'uploading', dryRun, progress: { loaded: 0, total: file.size } });
    try {
      const report = await importQuestions(
        clientId,
        bankId,
        file,
        { format, mode, dryRun },
        (progress) => setStep({ kind: 'uploading', dryRun, progress }),
      );
      setStep({ kind: dryRun ? 'checked' : 'imported', report });
    } catch (caught) {
      setError(toApiError(caught));
      setStep(previous.kind === 'uploading' ? { kind: 'choose' } : previous);
    }
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (file && file.size <= maxBytes) void send(true);
  };

  const uploading = step.kind === 'uploading';
  const bankTitle = bank.data?.title ?? '';

  return (
    <div className="page">
      <PageTitle title={t('import.title')} />
      <Link to={authorPaths.bank(clientId, bankId)} className="page__back">
        <ArrowLeftIcon />
        {t('import.back')}
      </Link>
      <header className="page__header">
        <h1>{t('import.title')}</h1>
        <p className="page__intro">
          {bankTitle ? t('import.intoBank', { bank: bankTitle }) : t('import.intro')}
        </p>
      </header>

      {!access.canWrite ? (
        <p className="authoring-notice" role="note">
          {t('import.notAllowed')}
        </p>
      ) : (
        <form
          className="authoring-form"
          aria-labelledby={`${formId}-title`}
          onSubmit={check}
          noValidate
        >
          <h2 id={`${formId}-title`}>{t('import.chooseFile')}</h2>
          <div className="authoring-form__grid">
            <Field
              label={t('import.file')}
              hint={t('import.fileHint')}
              error={tooLarge ? t('import.tooLarge') : undefined}
            >
              {(control) => (
                <input
                  {...control}
                  type="file"
                  className="input"
                  accept=".gift,.txt,.xml,.zip,.csv,.xlsx"
                  disabled={uploading}
                  onChange={(event) => {
                    const chosen = event.target.files?.[0];
                    setFile(chosen);
                    setStep({ kind: 'choose' });
                    setError(undefined);
                    setTooLarge((chosen?.size ?? 0) > maxBytes);
                    chosenFile.current = chosen;
                    const guessed = chosen && guessFormat(chosen.name);
                    if (guessed) setFormat(guessed);
                    // A .txt file is GIFT or Aiken: its first part tells which.
                    if (chosen && guessed === 'gift' && /\.txt$/i.test(chosen.name)) {
                      void chosen
                        .slice(0, SNIFF_BYTES)
                        .text()
                        .then((head) => {
                          if (chosenFile.current === chosen) setFormat(guessTextFormat(head));
                        });
                    }
                  }}
                />
              )}
            </Field>
            <Field label={t('import.format')}>
              {(control) => (
                <select
                  {...control}
                  className="input"
                  value={format}
                  disabled={uploading}
                  onChange={(event) => {
                    setFormat(event.target.value as ImportFormat);
                    setStep({ kind: 'choose' });
                  }}
                >
                  {importFormatOptions.map((option) => (
                    <option key={option} value={option}>
                      {t(`exchangeFormat.${option}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <div className="authoring-actions">
            <Button type="submit" disabled={!file || tooLarge || uploading}>
              {t('import.check')}
            </Button>
          </div>
        </form>
      )}

      {step.kind === 'uploading' && (
        <div className="panel" role="status">
          <p>{step.dryRun ? t('import.checking') : t('import.importing')}</p>
          <ProgressBar
            label={t('import.progress')}
            value={step.progress.loaded}
            max={step.progress.total}
          />
        </div>
      )}

      {error && (
        <div className="import-error">
          <ProblemAlert title={t('import.failed')} error={error} />
          {error.lines.length > 0 && (
            <IssueList
              title={t('import.errors')}
              issues={error.lines.map(({ line, message }) => ({ line, message }))}
            />
          )}
        </div>
      )}

      {step.kind === 'checked' && (
        <CheckReport
          report={step.report}
          onImportAll={() => void send(false, 'all_or_nothing')}
          onImportValid={() => void send(false, 'valid_only')}
        />
      )}

      {step.kind === 'imported' && (
        <div className="authoring-notice" role="status">
          <p>
            <strong>{t('import.done', { count: step.report.imported })}</strong>
          </p>
          {step.report.errors.length > 0 && (
            <p>{t('import.skipped', { count: step.report.total - step.report.imported })}</p>
          )}
          <Link to={authorPaths.bank(clientId, bankId)}>{t('import.toBank')}</Link>
        </div>
      )}
    </div>
  );
}
