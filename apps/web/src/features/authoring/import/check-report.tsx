import type { ImportIssue, ImportReport } from '@questa/contracts';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { MarkdownView } from '../components/markdown-view';

/** What a dry run found: counts, errors and warnings by line, the first questions, what to do next. */
export function CheckReport({
  report,
  onImportAll,
  onImportValid,
}: {
  report: ImportReport;
  onImportAll: () => void;
  onImportValid: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const hasErrors = report.errors.length > 0;
  return (
    <section className="import-report" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('import.report')}</h2>
      <dl className="import-report__counts">
        <div>
          <dt>{t('import.total')}</dt>
          <dd>{report.total}</dd>
        </div>
        <div>
          <dt>{t('import.valid')}</dt>
          <dd>{report.valid}</dd>
        </div>
        <div>
          <dt>{t('import.errorCount')}</dt>
          <dd>{report.errors.length}</dd>
        </div>
        <div>
          <dt>{t('import.warningCount')}</dt>
          <dd>{report.warnings.length}</dd>
        </div>
      </dl>
      {hasErrors && <IssueList title={t('import.errors')} issues={report.errors} />}
      {report.warnings.length > 0 && (
        <IssueList title={t('import.warnings')} issues={report.warnings} />
      )}
      {report.preview && report.preview.length > 0 && (
        <section className="import-report__preview" aria-label={t('import.preview')}>
          <h3>{t('import.preview')}</h3>
          <ol>
            {report.preview.map((content, index) => (
              <li key={index} className="import-report__question">
                <div className="authoring-actions">
                  <Badge>{t(`questionType.${content.type}`)}</Badge>
                  <span className="authoring-muted">{content.topic}</span>
                </div>
                <MarkdownView source={content.stem} />
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="authoring-actions">
        <Button onClick={onImportAll} disabled={hasErrors || report.valid === 0}>
          {t('import.importAll')}
        </Button>
        {hasErrors && (
          <Button variant="secondary" onClick={onImportValid} disabled={report.valid === 0}>
            {t('import.importValid', { count: report.valid })}
          </Button>
        )}
      </div>
      {hasErrors && <p className="field__hint">{t('import.allDisabled')}</p>}
    </section>
  );
}

export function IssueList({ title, issues }: { title: string; issues: readonly ImportIssue[] }) {
  const t = useT();
  const headingId = useId();
  const where = (issue: ImportIssue) =>
    issue.line !== undefined
      ? t('import.line', { line: issue.line })
      : issue.item !== undefined
        ? t('import.item', { item: issue.item })
        : undefined;
  return (
    <section className="import-issues" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <ul>
        {issues.map((issue, index) => (
          <li key={index}>
            {where(issue) && <strong>{where(issue)}: </strong>}
            {issue.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
