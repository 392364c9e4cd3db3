import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { useT } from '../../lib/i18n';
import { RichText } from './rich-text';
import './question-hints.css';

/**
 * The author's hints, opened one at a time before answering: the button names how many are left,
 * and each hint opened takes the focus so a screen reader reads it at once. After the answer the
 * button goes; hints already opened stay.
 */
export function QuestionHints({
  hints,
  answered,
}: {
  hints: readonly string[];
  answered: boolean;
}) {
  const t = useT();
  const [opened, setOpened] = useState(0);
  const latest = useRef<HTMLLIElement>(null);
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    if (moved) latest.current?.focus();
  }, [opened, moved]);

  if (hints.length === 0 || (answered && opened === 0)) return null;
  return (
    <div className="question-hints">
      {opened > 0 && (
        <ol className="question-hints__list" aria-label={t('answering.hints')}>
          {hints.slice(0, opened).map((hint, index) => (
            <li
              key={index}
              ref={index === opened - 1 ? latest : undefined}
              tabIndex={-1}
              className="question-hints__hint"
            >
              <span className="question-hints__label">
                {t('answering.hintNumber', { n: index + 1 })}
              </span>
              <RichText source={hint} />
            </li>
          ))}
        </ol>
      )}
      {!answered && opened < hints.length && (
        <Button
          variant="secondary"
          className="button--small"
          onClick={() => {
            setMoved(true);
            setOpened((n) => n + 1);
          }}
        >
          {opened === 0
            ? t('answering.showHint', { count: hints.length })
            : t('answering.showNextHint', { count: hints.length - opened })}
        </Button>
      )}
    </div>
  );
}
