import type { Assignment } from '@questa/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { useAssignments } from '../api/list-assignments';
import { AnalysisPanel } from './analysis-panel';
import { GiveAssignmentForm } from './give-assignment-form';

/** A class's assignments for its teacher, and the form that gives a new one. */
export function AssignmentsSection({
  clientId,
  classId,
  archived,
  learnerCount,
}: {
  clientId: string;
  classId: string;
  archived: boolean;
  learnerCount: number;
}) {
  const { t, locale } = useI18n();
  const assignments = useAssignments(clientId, classId);
  const [analysed, setAnalysed] = useState<Assignment>();
  return (
    <section aria-labelledby="class-assignments" className="class-page__assignments">
      <h2 id="class-assignments">{t('assignments.title.section')}</h2>
      {assignments.status === 'pending' && <Skeleton height="4rem" />}
      {assignments.status === 'error' && (
        <ProblemAlert
          title={t('assignments.loadFailed')}
          error={assignments.error}
          onRetry={assignments.retry}
        />
      )}
      {assignments.status === 'success' &&
        (assignments.data.length === 0 ? (
          <EmptyState title={t('assignments.empty')}>
            <p>{t('assignments.emptyBody')}</p>
          </EmptyState>
        ) : (
          <Table caption={t('assignments.caption')} captionHidden stackOnNarrow>
            <thead>
              <tr>
                <th scope="col">{t('assignments.title')}</th>
                <th scope="col">{t('assignments.kind')}</th>
                <th scope="col">{t('assignments.dueAt')}</th>
                <th scope="col">{t('assignments.completed')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('classes.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {assignments.data.map((assignment) => (
                <tr key={assignment.id}>
                  <th scope="row" data-label={t('assignments.title')}>
                    {assignment.title}
                  </th>
                  <td data-label={t('assignments.kind')}>
                    <Badge tone="info">{t(`assignments.kind.${assignment.kind}`)}</Badge>
                  </td>
                  <td data-label={t('assignments.dueAt')}>
                    {formatDateTime(assignment.dueAt, locale)}
                  </td>
                  <td data-label={t('assignments.completed')}>
                    {t('assignments.completedOf', {
                      done: assignment.completedCount,
                      total: learnerCount,
                    })}
                  </td>
                  <td>
                    <Button
                      variant="ghost"
                      aria-label={t('analysis.openNamed', { title: assignment.title })}
                      onClick={() => setAnalysed(assignment)}
                    >
                      {t('analysis.open')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ))}
      {analysed && (
        <AnalysisPanel
          clientId={clientId}
          classId={classId}
          assignmentId={analysed.id}
          title={analysed.title}
          onClose={() => setAnalysed(undefined)}
        />
      )}
      {!archived && (
        <>
          <h3>{t('assignments.giveTitle')}</h3>
          <GiveAssignmentForm clientId={clientId} classId={classId} />
        </>
      )}
    </section>
  );
}
