import { Link } from 'react-router';
import { useId } from 'react';
import { PremiumOffer } from '../../../components/premium-offer';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { StarIcon } from '../../../components/ui/icons';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useBlueprints } from '../api/list-blueprints';
import '../../../components/ui/start-section.css';
import './exam-start.css';

export interface ExamViewer {
  signedIn: boolean;
  /** Their premium includes exam mode. */
  exams: boolean;
  signInHref: string;
}

/**
 * The bank's exams, each with its size, time and pass mark and the way to its start page, which
 * says what the clock will do before it runs. Exam mode is premium: without it the buttons are
 * off, with the reason beside them and the way to the plans; the server decides all the same.
 */
export function ExamStart({ bankId, viewer }: { bankId: string; viewer: ExamViewer }) {
  const t = useT();
  const headingId = useId();
  const noteId = useId();
  return (
    <section className="start-section" aria-labelledby={headingId}>
      <div className="start-section__heading">
        <h2 id={headingId}>{t('exams.start.title')}</h2>
        {!viewer.exams && (
          <Badge tone="premium">
            <StarIcon />
            {t('exams.start.premiumBadge')}
          </Badge>
        )}
      </div>
      {!viewer.exams && <p id={noteId}>{t('exams.start.premiumNote')}</p>}
      {viewer.signedIn ? (
        <>
          <BlueprintList bankId={bankId} locked={!viewer.exams} lockedNoteId={noteId} />
          {!viewer.exams && <PremiumOffer />}
        </>
      ) : (
        <p>
          <a href={viewer.signInHref} className="start-section__sign-in">
            {t('exams.start.signIn')}
          </a>
        </p>
      )}
    </section>
  );
}

function BlueprintList({
  bankId,
  locked,
  lockedNoteId,
}: {
  bankId: string;
  /** Exam mode is not in the learner's premium: the list shows what there is, without starting. */
  locked: boolean;
  lockedNoteId: string;
}) {
  const t = useT();
  const blueprints = useBlueprints(bankId);

  if (blueprints.status === 'pending') {
    return (
      <div aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('exams.start.loading')}
        </p>
        <Skeleton height="4rem" />
      </div>
    );
  }
  // A premium bank's exams are hidden from a learner without premium; the offer below says why.
  if (blueprints.status === 'error' && locked && blueprints.error.code === 'payment.required') {
    return null;
  }
  if (blueprints.status === 'error') {
    return (
      <ProblemAlert
        title={t('exams.start.loadFailed')}
        error={blueprints.error}
        onRetry={blueprints.retry}
      />
    );
  }

  return (
    <ul className="exam-blueprints">
      {blueprints.data.map((blueprint) => (
        <li key={blueprint.id} className="exam-blueprint">
          <div className="exam-blueprint__text">
            <h3>{blueprint.title}</h3>
            <p className="exam-blueprint__facts">
              {t('exams.start.questions', { count: blueprint.questionCount })} ·{' '}
              {t('exams.start.minutes', { count: Math.ceil(blueprint.timeLimitSeconds / 60) })} ·{' '}
              {t('exams.start.passMark', { percent: Math.round(blueprint.passMark * 100) })}
            </p>
          </div>
          {locked ? (
            <Button
              variant="secondary"
              disabled
              aria-describedby={lockedNoteId}
              aria-label={t('exams.start.buttonLabel', { title: blueprint.title })}
            >
              {t('exams.start.button')}
            </Button>
          ) : (
            <Link
              to={`/banks/${bankId}/exams/${blueprint.id}`}
              className={buttonClass('secondary')}
              aria-label={t('exams.start.openLabel', { title: blueprint.title })}
            >
              {t('exams.start.open')}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
