import type { Blueprint } from '@questa/contracts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { StarIcon } from '../../../components/ui/icons';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useBlueprints } from '../api/list-blueprints';
import { useStartExam } from '../api/start-exam';
import '../../../components/ui/start-section.css';
import './exam-start.css';

export interface ExamViewer {
  signedIn: boolean;
  premium: boolean;
  signInHref: string;
}

/**
 * The bank's exams, each with its size, time and pass mark and a Start button. Exam mode is premium;
 * the page says so, but the server decides, and its payment.required is explained in words.
 */
export function ExamStart({ bankId, viewer }: { bankId: string; viewer: ExamViewer }) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="start-section" aria-labelledby={headingId}>
      <div className="start-section__heading">
        <h2 id={headingId}>{t('exams.start.title')}</h2>
        {!viewer.premium && (
          <Badge tone="premium">
            <StarIcon />
            {t('exams.start.premiumBadge')}
          </Badge>
        )}
      </div>
      {!viewer.premium && <p>{t('exams.start.premiumNote')}</p>}
      {viewer.signedIn ? (
        <BlueprintList bankId={bankId} />
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

function BlueprintList({ bankId }: { bankId: string }) {
  const t = useT();
  const blueprints = useBlueprints(bankId);
  const start = useStartExam();
  const navigate = useNavigate();
  const [starting, setStarting] = useState<string | null>(null);

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
  if (blueprints.status === 'error') {
    return (
      <ProblemAlert
        title={t('exams.start.loadFailed')}
        error={blueprints.error}
        onRetry={blueprints.retry}
      />
    );
  }

  const begin = async (blueprint: Blueprint) => {
    setStarting(blueprint.id);
    const outcome = await start.mutate(bankId, blueprint.id);
    if (outcome.ok) await navigate(`/exams/${outcome.data.id}`);
    else setStarting(null);
  };

  return (
    <>
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
            <Button
              variant="secondary"
              disabled={starting !== null}
              aria-label={t('exams.start.buttonLabel', { title: blueprint.title })}
              onClick={() => void begin(blueprint)}
            >
              {t('exams.start.button')}
            </Button>
          </li>
        ))}
      </ul>
      {start.status === 'error' &&
        (start.error.code === 'payment.required' ? (
          <div className="exam-start__premium" role="alert">
            <p>{t('exams.start.needsPremium')}</p>
          </div>
        ) : (
          <ProblemAlert title={t('exams.start.failed')} error={start.error} />
        ))}
    </>
  );
}
