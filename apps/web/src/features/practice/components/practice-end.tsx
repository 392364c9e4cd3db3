import type { PracticeSession } from '@questa/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/** Every question in the chosen topics has been drawn: the session's score and where to go next. */
export function PracticeEnd({ session }: { session: PracticeSession }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const percent = session.answered > 0 ? Math.round((session.correct / session.answered) * 100) : 0;
  return (
    <section className="practice-end" aria-labelledby="practice-end-title">
      <h2 id="practice-end-title" ref={heading} tabIndex={-1}>
        {session.answered > 0 ? t('practice.end.title') : t('practice.end.emptyTitle')}
      </h2>
      {session.answered > 0 ? (
        <p className="practice-end__score">
          {t('practice.end.score', {
            correct: session.correct,
            count: session.answered,
            percent,
          })}
        </p>
      ) : (
        <p>{t('practice.end.emptyBody')}</p>
      )}
      <div className="practice-end__actions">
        <Link to={`/banks/${session.bankId}`} className={buttonClass('primary')}>
          {t('practice.end.again')}
        </Link>
        <Link to="/review" className={buttonClass('secondary')}>
          {t('practice.end.reviews')}
        </Link>
        <Link to="/" className={buttonClass('ghost')}>
          {t('practice.end.catalog')}
        </Link>
      </div>
    </section>
  );
}
