import type { ExamSummary } from '@questa/contracts';
import { Link } from 'react-router';
import { CheckIcon, CrossIcon } from '../../../components/ui/icons';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { formatPercent } from '../format';

/** Every exam taken, newest first: score, pass or fail, and a link to its review. */
export function ExamHistory({ exams }: { exams: ExamSummary[] }) {
  const { t, locale } = useI18n();
  const sorted = [...exams].sort((a, b) => b.startedAt.localeCompare(a.startedAt));

  return (
    <section className="progress-section">
      <h2>{t('progress.exams.title')}</h2>
      {sorted.length === 0 ? (
        <p className="progress-muted">{t('progress.exams.empty')}</p>
      ) : (
        <Table caption={t('progress.exams.title')} captionHidden stackOnNarrow>
          <thead>
            <tr>
              <th scope="col">{t('progress.exams.exam')}</th>
              <th scope="col">{t('progress.exams.date')}</th>
              <th scope="col">{t('progress.exams.score')}</th>
              <th scope="col">{t('progress.exams.result')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('progress.exams.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((exam) => {
              const name = `${exam.bankTitle} · ${exam.blueprintTitle}`;
              const date = formatDate(exam.submittedAt ?? exam.startedAt, locale);
              return (
                <tr key={exam.id}>
                  <th scope="row">
                    {exam.bankTitle}
                    <span className="progress-secondary">{exam.blueprintTitle}</span>
                  </th>
                  <td className="table__nowrap" data-label={t('progress.exams.date')}>
                    <time dateTime={exam.submittedAt ?? exam.startedAt}>{date}</time>
                  </td>
                  <td className="table__nowrap" data-label={t('progress.exams.score')}>
                    {exam.score ? formatPercent(exam.score.fraction, locale) : t('progress.none')}
                  </td>
                  <td className="table__nowrap" data-label={t('progress.exams.result')}>
                    {exam.state === 'in_progress' ? (
                      t('progress.exams.inProgress')
                    ) : exam.score === null ? (
                      t('progress.exams.notGraded')
                    ) : exam.score.passed ? (
                      <span className="exam-result exam-result--passed">
                        <CheckIcon width={18} height={18} />
                        {t('progress.exams.passed')}
                      </span>
                    ) : (
                      <span className="exam-result exam-result--failed">
                        <CrossIcon width={18} height={18} />
                        {t('progress.exams.failed')}
                      </span>
                    )}
                  </td>
                  <td className="table__nowrap">
                    {exam.state === 'in_progress' ? (
                      <Link
                        to={`/exams/${exam.id}`}
                        aria-label={t('progress.exams.continueFor', { exam: name, date })}
                      >
                        {t('progress.exams.continue')}
                      </Link>
                    ) : (
                      <Link
                        to={`/exams/${exam.id}/review`}
                        aria-label={t('progress.exams.reviewFor', { exam: name, date })}
                      >
                        {t('progress.exams.review')}
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </section>
  );
}
