import type { LearnerBlueprint } from '@questa/contracts';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PremiumOffer } from '../../../components/premium-offer';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon, ClockIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useBlueprint } from '../api/get-blueprint';
import { useStartExam } from '../api/start-exam';
import './exam-start-page.css';

/**
 * The page before an exam: how long it runs, how many questions, the pass mark, what the result
 * will show, and that the server's clock neither waits nor pauses. Nothing starts until the
 * learner presses Start, so nobody meets a running clock unannounced.
 */
export function ExamStartPage({
  bankId,
  blueprintId,
  mayTakeExams,
}: {
  bankId: string;
  blueprintId: string;
  /** The learner's premium includes exam mode; the server decides again on Start. */
  mayTakeExams: boolean;
}) {
  const t = useT();
  const blueprint = useBlueprint(bankId, blueprintId);

  if (blueprint.status === 'pending') {
    return (
      <div className="exam-start-page" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('exams.startPage.loading')}
        </p>
        <Skeleton width="min(24rem, 80%)" height="2.25rem" />
        <Skeleton height="10rem" />
      </div>
    );
  }
  if (blueprint.status === 'error') {
    const { code } = blueprint.error;
    if (code === 'not_found' || code === 'validation.failed') return <NotFound />;
    return (
      <div className="exam-start-page">
        <PageTitle title={t('exams.startPage.loadFailed')} />
        <BackToBank bankId={bankId} />
        <h1>{t('exams.startPage.loadFailed')}</h1>
        {code === 'payment.required' ? (
          <PremiumOffer>
            <p>{t('exams.start.needsPremium')}</p>
          </PremiumOffer>
        ) : (
          <ProblemAlert
            title={t('exams.startPage.loadFailed')}
            error={blueprint.error}
            onRetry={blueprint.retry}
          />
        )}
      </div>
    );
  }
  return <StartView blueprint={blueprint.data} mayTakeExams={mayTakeExams} />;
}

function BackToBank({ bankId }: { bankId: string }) {
  const t = useT();
  return (
    <Link to={`/banks/${bankId}`} className="exam-start-page__back">
      <ArrowLeftIcon />
      {t('exams.startPage.back')}
    </Link>
  );
}

function StartView({
  blueprint,
  mayTakeExams,
}: {
  blueprint: LearnerBlueprint;
  mayTakeExams: boolean;
}) {
  const t = useT();
  const headingId = useId();
  const lockedId = useId();
  const start = useStartExam();
  const navigate = useNavigate();
  const seconds = blueprint.learnerTimeLimitSeconds;
  // Still off once started, while the exam opens: a second click would start a second attempt.
  const busy = start.status === 'pending' || start.status === 'success';

  const begin = async () => {
    const outcome = await start.mutate(blueprint.bankId, blueprint.id);
    if (outcome.ok) await navigate(`/exams/${outcome.data.id}`);
  };

  return (
    <div className="exam-start-page">
      <PageTitle title={t('exams.startPage.pageTitle', { title: blueprint.title })} />
      <BackToBank bankId={blueprint.bankId} />
      <header className="exam-start-page__header">
        <p className="exam-start-page__eyebrow">{t('exams.eyebrow')}</p>
        <h1 id={headingId}>{blueprint.title}</h1>
      </header>

      <dl className="exam-start-page__facts">
        <div>
          <dt>{t('exams.startPage.questions')}</dt>
          <dd>{blueprint.questionCount}</dd>
        </div>
        <div>
          <dt>{t('exams.startPage.time')}</dt>
          <dd>
            {seconds % 60 === 0
              ? t('exams.start.minutes', { count: seconds / 60 })
              : t('exams.startPage.minutesSeconds', {
                  minutes: Math.floor(seconds / 60),
                  seconds: seconds % 60,
                })}
            {blueprint.extraTimePercent > 0 && ' '}
            {blueprint.extraTimePercent > 0 && (
              <span className="exam-start-page__extra">
                {t('exams.startPage.extraTime', { percent: blueprint.extraTimePercent })}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('exams.startPage.passMark')}</dt>
          <dd>{t('exams.startPage.percent', { percent: Math.round(blueprint.passMark * 100) })}</dd>
        </div>
        <div>
          <dt>{t('exams.startPage.afterwards')}</dt>
          <dd>{t(`exams.startPage.policy.${blueprint.reviewPolicy}`)}</dd>
        </div>
      </dl>

      <section className="exam-start-page__rules" aria-labelledby={`${headingId}-rules`}>
        <h2 id={`${headingId}-rules`}>
          <ClockIcon />
          {t('exams.startPage.rulesTitle')}
        </h2>
        <ul>
          <li>{t('exams.startPage.clock')}</li>
          <li>{t('exams.startPage.noPause')}</li>
          <li>{t('exams.startPage.saved')}</li>
          <li>{t('exams.startPage.deadline')}</li>
        </ul>
      </section>

      {!mayTakeExams && <p id={lockedId}>{t('exams.start.premiumNote')}</p>}
      <p>
        <Button
          disabled={!mayTakeExams || busy}
          aria-describedby={mayTakeExams ? undefined : lockedId}
          onClick={() => void begin()}
        >
          {busy ? t('exams.startPage.starting') : t('exams.startPage.start')}
        </Button>
      </p>
      {!mayTakeExams && <PremiumOffer />}
      {start.status === 'error' &&
        (start.error.code === 'payment.required' ? (
          <div role="alert">
            <PremiumOffer>
              <p>{t('exams.start.needsPremium')}</p>
            </PremiumOffer>
          </div>
        ) : (
          <ProblemAlert title={t('exams.start.failed')} error={start.error} />
        ))}
    </div>
  );
}
