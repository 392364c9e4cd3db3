import type { AssignmentAnalysis, Regrade } from '@questa/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { useI18n, type Translate } from '../../../lib/i18n';
import { useAnalysis } from '../api/get-analysis';
import { useRegradeQuestion } from '../api/regrade-question';

type Question = AssignmentAnalysis['questions'][number];

const percent = (value: number | null) => (value === null ? null : Math.round(value * 100));

function regradeSummary(t: Translate, result: Regrade): string {
  if (result.fromVersion === result.toVersion) return t('analysis.regradeNothing');
  const changes = result.changed
    .map((change) =>
      t('analysis.change', {
        name: change.displayName,
        before: percent(change.before) ?? '—',
        after: percent(change.after) ?? '—',
      }),
    )
    .join('; ');
  return t('analysis.regraded', {
    count: result.regraded,
    version: result.toVersion,
    changes: changes || t('analysis.noScoreChanged'),
  });
}

/**
 * One assignment's questions as the class answered them, each with a way to regrade the
 * assignment once the question was corrected in the workspace.
 */
export function AnalysisPanel({
  clientId,
  classId,
  assignmentId,
  title,
  onClose,
}: {
  clientId: string;
  classId: string;
  assignmentId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const analysis = useAnalysis(clientId, classId, assignmentId);
  const regrade = useRegradeQuestion();
  const [asking, setAsking] = useState<Question>();
  const [outcome, setOutcome] = useState<string>();
  return (
    <section className="gradebook__history" aria-labelledby="assignment-analysis">
      <h3 id="assignment-analysis" tabIndex={-1} ref={(element) => element?.focus()}>
        {t('analysis.title', { title })}
      </h3>
      <p role="status">{outcome}</p>
      {analysis.status === 'pending' && <Skeleton height="6rem" />}
      {analysis.status === 'error' && (
        <ProblemAlert
          title={t('analysis.loadFailed')}
          error={analysis.error}
          onRetry={analysis.retry}
        />
      )}
      {analysis.status === 'success' && (
        <Table caption={t('analysis.caption', { title })} captionHidden stackOnNarrow>
          <thead>
            <tr>
              <th scope="col">{t('analysis.question')}</th>
              <th scope="col">{t('analysis.answered')}</th>
              <th scope="col">{t('analysis.facility')}</th>
              <th scope="col">{t('analysis.wrong')}</th>
              <th scope="col">{t('analysis.time')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('classes.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {analysis.data.questions.map((question) => (
              <tr key={question.questionId}>
                <th scope="row" data-label={t('analysis.question')}>
                  {question.position}. {question.excerpt}
                </th>
                <td data-label={t('analysis.answered')}>{question.answered}</td>
                <td data-label={t('analysis.facility')}>
                  {question.facility === null
                    ? '—'
                    : t('gradebook.percent', { percent: percent(question.facility)! })}
                </td>
                <td data-label={t('analysis.wrong')}>
                  {question.commonWrong.length === 0
                    ? '—'
                    : question.commonWrong
                        .map((wrong) =>
                          t('analysis.wrongAnswer', { answer: wrong.answer, count: wrong.count }),
                        )
                        .join(' · ')}
                </td>
                <td data-label={t('analysis.time')}>
                  {question.medianSeconds === null
                    ? '—'
                    : t('analysis.seconds', { seconds: Math.round(question.medianSeconds) })}
                </td>
                <td>
                  <Button
                    variant="ghost"
                    aria-label={t('analysis.regradeNamed', { position: question.position })}
                    onClick={() => setAsking(question)}
                  >
                    {t('analysis.regrade')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Button variant="secondary" onClick={onClose}>
        {t('gradebook.closeHistory')}
      </Button>
      <ConfirmDialog
        open={asking !== undefined}
        title={t('analysis.confirmRegrade')}
        confirmLabel={t('analysis.regrade')}
        busy={regrade.status === 'pending'}
        error={regrade.error}
        onCancel={() => {
          setAsking(undefined);
          regrade.reset();
        }}
        onConfirm={async () => {
          if (!asking) return;
          const result = await regrade.mutate(clientId, classId, assignmentId, asking.questionId);
          if (!result.ok) return;
          setAsking(undefined);
          setOutcome(regradeSummary(t, result.data));
        }}
      >
        <p>{t('analysis.confirmRegradeBody', { position: asking?.position ?? 0 })}</p>
      </ConfirmDialog>
    </section>
  );
}
