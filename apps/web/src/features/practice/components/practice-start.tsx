import type { CatalogBankDetail } from '@questa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PremiumOffer } from '../../../components/premium-offer';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { StarIcon } from '../../../components/ui/icons';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useStartPractice } from '../api/start-practice';
import { AllowanceGate } from './allowance-gate';
import '../../../components/ui/start-section.css';
import './practice-start.css';

export interface Viewer {
  signedIn: boolean;
  /** Their premium unlocks premium banks. */
  premiumBanks: boolean;
  /** Where signing in starts, coming back to this page. */
  signInHref: string;
}

const difficulties = [1, 2, 3, 4, 5] as const;

/**
 * Starts practising a bank, on the topics and difficulties chosen (all of them unless narrowed).
 * A premium bank shows a learner without premium what premium gives instead of a form that would
 * fail; the server decides all the same, and its payment.required reads the same way.
 */
export function PracticeStart({
  bank,
  viewer,
}: {
  bank: Pick<CatalogBankDetail, 'id' | 'visibility' | 'topics'>;
  viewer: Viewer;
}) {
  const t = useT();
  const headingId = useId();
  const navigate = useNavigate();
  const start = useStartPractice();
  const [topics, setTopics] = useState<ReadonlySet<string>>(
    () => new Set(bank.topics.map((topic) => topic.topic)),
  );
  const [levels, setLevels] = useState<ReadonlySet<number>>(() => new Set(difficulties));
  const [problem, setProblem] = useState<'topics' | 'levels' | null>(null);
  const premiumBank = bank.visibility === 'premium';
  const locked = premiumBank && !viewer.premiumBanks;

  const toggle = <T,>(set: ReadonlySet<T>, value: T) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (topics.size === 0) return setProblem('topics');
    if (levels.size === 0) return setProblem('levels');
    setProblem(null);
    // Everything chosen is sent as "no filter", so topics added to the bank later are included.
    const outcome = await start.mutate({
      bankId: bank.id,
      topics: topics.size === bank.topics.length ? [] : [...topics],
      difficulties: levels.size === difficulties.length ? [] : [...levels].sort((a, b) => a - b),
    });
    if (outcome.ok) await navigate(`/practice/${outcome.data.session.id}`);
  };

  return (
    <section className="start-section practice-start" aria-labelledby={headingId}>
      <div className="start-section__heading">
        <h2 id={headingId}>{t('practice.start.title')}</h2>
        {premiumBank && (
          <Badge tone="premium">
            <StarIcon />
            {t('practice.start.premiumBadge')}
          </Badge>
        )}
      </div>
      {locked && !viewer.signedIn && <p>{t('practice.start.premiumBank')}</p>}

      {!viewer.signedIn ? (
        <p>
          <a href={viewer.signInHref} className="start-section__sign-in">
            {t('practice.start.signIn')}
          </a>
        </p>
      ) : locked ? (
        // The exams beside it give the whole offer; this says why practising waits for it.
        <PremiumOffer brief>
          <p>{t('practice.start.premiumBank')}</p>
        </PremiumOffer>
      ) : bank.topics.length === 0 ? (
        <p>{t('practice.start.empty')}</p>
      ) : (
        <AllowanceGate>
          <form className="practice-start__form" onSubmit={submit} noValidate>
            <fieldset
              className="fieldset"
              aria-describedby={problem === 'topics' ? `${headingId}-topics-error` : undefined}
            >
              <legend>{t('practice.start.topics')}</legend>
              <div className="practice-start__all">
                <Button
                  variant="ghost"
                  className="button--small"
                  onClick={() =>
                    setTopics(
                      topics.size === bank.topics.length
                        ? new Set()
                        : new Set(bank.topics.map((topic) => topic.topic)),
                    )
                  }
                >
                  {topics.size === bank.topics.length
                    ? t('practice.start.noTopics')
                    : t('practice.start.allTopics')}
                </Button>
              </div>
              <div className="practice-start__options">
                {bank.topics.map(({ topic, questionCount }) => (
                  <label key={topic} className="check">
                    <input
                      type="checkbox"
                      checked={topics.has(topic)}
                      onChange={() => setTopics(toggle(topics, topic))}
                    />
                    <span>
                      {topic}{' '}
                      <span className="practice-start__count">
                        ({t('practice.start.questionCount', { count: questionCount })})
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldError
                id={`${headingId}-topics-error`}
                message={problem === 'topics' ? t('practice.start.chooseTopic') : undefined}
              />
            </fieldset>
            <fieldset
              className="fieldset"
              aria-describedby={problem === 'levels' ? `${headingId}-levels-error` : undefined}
            >
              <legend>{t('practice.start.difficulty')}</legend>
              <div className="practice-start__levels">
                {difficulties.map((level) => (
                  <label key={level} className="check">
                    <input
                      type="checkbox"
                      checked={levels.has(level)}
                      onChange={() => setLevels(toggle(levels, level))}
                    />
                    <span>{t(`practice.start.level${level}`)}</span>
                  </label>
                ))}
              </div>
              <FieldError
                id={`${headingId}-levels-error`}
                message={problem === 'levels' ? t('practice.start.chooseLevel') : undefined}
              />
            </fieldset>
            {start.status === 'error' &&
              (start.error.code === 'payment.required' ? (
                <div role="alert">
                  <PremiumOffer>
                    <p>{t('practice.start.needsPremium')}</p>
                  </PremiumOffer>
                </div>
              ) : (
                <ProblemAlert title={t('practice.start.failed')} error={start.error} />
              ))}
            <div>
              <Button type="submit" disabled={start.status === 'pending'}>
                {t('practice.start.submit')}
              </Button>
            </div>
          </form>
        </AllowanceGate>
      )}
    </section>
  );
}
