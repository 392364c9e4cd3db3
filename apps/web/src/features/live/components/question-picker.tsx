import { LIVE_LIMITS } from '@questa/contracts/rules';
import type { LiveCandidate } from '@questa/contracts';
import { useId, useState } from 'react';
import { RichText } from '../../../components/answering/rich-text';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useT } from '../../../lib/i18n';
import { useRoomCandidates } from '../api/list-room-candidates';
import './question-picker.css';

/**
 * Hand-picking a room's questions: a searchable list of the bank's published questions that a
 * live room can ask, and the chosen ones in the order they will be asked, up to a room's limit.
 * `refusals` are the server's reasons, by position in `picked`, for questions it would not take.
 */
export function QuestionPicker({
  clientId,
  bankId,
  picked,
  onChange,
  refusals = {},
}: {
  /** The bank's tenant when it is one of the host's own; left out for a catalog bank. */
  clientId?: string | undefined;
  bankId: string;
  picked: readonly LiveCandidate[];
  onChange: (picked: LiveCandidate[]) => void;
  refusals?: Readonly<Record<number, string>>;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), 300);
  const { first, pages, hasMore, loadMore, more } = useRoomCandidates({ clientId, bankId, q });
  const chosenId = useId();
  const listId = useId();
  const full = picked.length >= LIVE_LIMITS.questionsMax;
  const isPicked = new Set(picked.map((question) => question.id));
  const candidates = pages.flatMap((page) => page.questions);

  const move = (from: number, to: number) => {
    const next = [...picked];
    const [question] = next.splice(from, 1);
    next.splice(to, 0, question!);
    onChange(next);
  };

  return (
    <div className="live-picker">
      <section className="live-picker__chosen" aria-labelledby={chosenId}>
        <h3 id={chosenId}>
          {t('live.host.pick.chosen', { count: picked.length, max: LIVE_LIMITS.questionsMax })}
        </h3>
        {picked.length === 0 ? (
          <p className="live-muted">{t('live.host.pick.noneChosen')}</p>
        ) : (
          <ol className="live-picker__list">
            {picked.map((question, index) => (
              <li key={question.id} className="live-picker__item">
                <Summary question={question} />
                {refusals[index] && (
                  <p className="live-error" role="alert">
                    {refusals[index]}
                  </p>
                )}
                <div className="live-picker__actions">
                  <Button
                    variant="ghost"
                    disabled={index === 0}
                    aria-label={t('live.host.pick.up', { n: index + 1 })}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={index === picked.length - 1}
                    aria-label={t('live.host.pick.down', { n: index + 1 })}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={t('live.host.pick.remove', { n: index + 1 })}
                    onClick={() => onChange(picked.filter((other) => other.id !== question.id))}
                  >
                    {t('live.host.pick.removeShort')}
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="live-picker__bank">
        <Field label={t('live.host.pick.search')} hint={t('live.host.pick.searchHint')}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </Field>
        {first.status === 'pending' && <Skeleton height="6rem" />}
        {first.status === 'error' && (
          <ProblemAlert
            title={t('live.host.pick.loadFailed')}
            error={first.error}
            onRetry={first.retry}
          />
        )}
        {first.status === 'success' && candidates.length === 0 && !hasMore && (
          <p className="live-muted">{t('live.host.pick.noMatch')}</p>
        )}
        {candidates.length > 0 && (
          <ul className="live-picker__list" aria-label={t('live.host.pick.available')}>
            {candidates.map((question) => (
              <li key={question.id} className="live-picker__item">
                <Summary question={question} id={`${listId}-${question.id}`} />
                <div className="live-picker__actions">
                  <Button
                    variant="secondary"
                    aria-describedby={`${listId}-${question.id}`}
                    disabled={isPicked.has(question.id) || full}
                    onClick={() => onChange([...picked, question])}
                  >
                    {isPicked.has(question.id)
                      ? t('live.host.pick.added')
                      : t('live.host.pick.add')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {full && (
          <p className="live-muted" role="status">
            {t('live.host.pick.full', { max: LIVE_LIMITS.questionsMax })}
          </p>
        )}
        <LoadMore
          hasMore={hasMore}
          state={more}
          label={t('live.host.pick.more')}
          errorTitle={t('live.host.pick.loadFailed')}
          onLoadMore={() => void loadMore()}
        />
      </section>
    </div>
  );
}

function Summary({ question, id }: { question: LiveCandidate; id?: string }) {
  const t = useT();
  return (
    <div className="live-picker__summary" id={id}>
      <RichText source={question.excerpt} inline />
      <span className="live-picker__meta">
        <Badge>{t(`questionType.${question.type}`)}</Badge>
        <span>{question.topic}</span>
      </span>
    </div>
  );
}
