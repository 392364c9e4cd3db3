import type { RosterLearner } from '@questa/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useArchiveClass } from '../api/archive-class';
import { useClass } from '../api/get-class';
import { useRemoveLearner } from '../api/remove-learner';
import { AssignmentsSection } from './assignments-section';
import { GradebookSection } from './gradebook-section';
import './classes.css';

/**
 * One class as its teacher runs it: the code and link to hand out, the roster, its assignments,
 * and archiving.
 */
export function ClassPage({ clientId, classId }: { clientId: string; classId: string }) {
  const { t, locale } = useI18n();
  const roster = useClass(clientId, classId);
  const remove = useRemoveLearner();
  const archive = useArchiveClass();
  const notice = useSavedNotice();
  const [removing, setRemoving] = useState<RosterLearner>();
  const [archiving, setArchiving] = useState(false);

  if (roster.status === 'pending') {
    return (
      <div aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('classes.loading')}
        </p>
        <Skeleton height="8rem" />
      </div>
    );
  }
  if (roster.status === 'error') {
    return (
      <ProblemAlert title={t('classes.loadFailed')} error={roster.error} onRetry={roster.retry} />
    );
  }
  const { class: taught, learners } = roster.data;
  const joinLink = `${window.location.origin}/join/${taught.joinCode}`;
  const archived = taught.archivedAt !== null;

  return (
    <div className="class-page">
      <header className="class-page__header">
        <h1>{taught.name}</h1>
        {archived && <Badge>{t('classes.archived')}</Badge>}
      </header>
      <SavedNotice notice={notice} />
      {!archived && (
        <section className="class-page__join" aria-labelledby="class-join">
          <h2 id="class-join">{t('classes.joinTitle')}</h2>
          <p>
            {t('classes.codeLabel')}{' '}
            <strong className="class-page__code" data-testid="join-code">
              {taught.joinCode}
            </strong>
          </p>
          <p>
            {t('classes.linkLabel')} <a href={joinLink}>{joinLink}</a>
          </p>
        </section>
      )}
      <section aria-labelledby="class-roster">
        <h2 id="class-roster">{t('classes.roster', { count: learners.length })}</h2>
        {learners.length === 0 ? (
          <EmptyState title={t('classes.rosterEmpty')}>
            <p>{t('classes.rosterEmptyBody')}</p>
          </EmptyState>
        ) : (
          <Table caption={t('classes.rosterCaption')} captionHidden stackOnNarrow>
            <thead>
              <tr>
                <th scope="col">{t('classes.learner')}</th>
                <th scope="col">{t('classes.email')}</th>
                <th scope="col">{t('classes.joined')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('classes.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {learners.map((learner) => (
                <tr key={learner.userId}>
                  <th scope="row" data-label={t('classes.learner')}>
                    {learner.displayName}
                  </th>
                  <td data-label={t('classes.email')}>{learner.email}</td>
                  <td data-label={t('classes.joined')}>{formatDate(learner.joinedAt, locale)}</td>
                  <td>
                    <Button
                      variant="ghost"
                      onClick={() => setRemoving(learner)}
                      aria-label={t('classes.removeNamed', { name: learner.displayName })}
                    >
                      {t('classes.remove')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      {!archived && (
        <section aria-labelledby="class-live" className="class-page__live">
          <h2 id="class-live">{t('classes.liveTitle')}</h2>
          <p>{t('classes.liveIntro')}</p>
          <Link
            className={buttonClass('primary')}
            to={`/host?workspace=${encodeURIComponent(clientId)}&class=${encodeURIComponent(classId)}`}
          >
            {t('classes.playLive')}
          </Link>
        </section>
      )}
      <AssignmentsSection
        clientId={clientId}
        classId={classId}
        archived={archived}
        learnerCount={learners.length}
      />
      <GradebookSection clientId={clientId} classId={classId} />
      {!archived && (
        <section aria-labelledby="class-archive" className="class-page__archive">
          <h2 id="class-archive">{t('classes.archiveTitle')}</h2>
          <p>{t('classes.archiveIntro')}</p>
          <Button variant="secondary" onClick={() => setArchiving(true)}>
            {t('classes.archive')}
          </Button>
        </section>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={t('classes.confirmRemove')}
        confirmLabel={t('classes.remove')}
        busy={remove.status === 'pending'}
        error={remove.error}
        onCancel={() => {
          setRemoving(undefined);
          remove.reset();
        }}
        onConfirm={async () => {
          if (!removing) return;
          const outcome = await remove.mutate(clientId, classId, removing.userId);
          if (!outcome.ok && outcome.error.code !== 'not_found') return;
          notice.show(t('classes.removed', { name: removing.displayName }));
          setRemoving(undefined);
          remove.reset();
        }}
      >
        <p>{t('classes.confirmRemoveBody', { name: removing?.displayName ?? '' })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={archiving}
        title={t('classes.confirmArchive')}
        confirmLabel={t('classes.archive')}
        busy={archive.status === 'pending'}
        error={archive.error}
        onCancel={() => {
          setArchiving(false);
          archive.reset();
        }}
        onConfirm={async () => {
          const outcome = await archive.mutate(clientId, classId);
          if (!outcome.ok) return;
          setArchiving(false);
          notice.show(t('classes.archivedNotice'));
        }}
      >
        <p>{t('classes.confirmArchiveBody', { name: taught.name })}</p>
      </ConfirmDialog>
    </div>
  );
}
