import type { Ref } from 'react';
import { useT } from '../../lib/i18n';
import { CheckIcon, CrossIcon, PartialIcon } from '../ui/icons';
import { scoreText, verdictOf } from './score';
import './verdict.css';

const icons = { correct: CheckIcon, partial: PartialIcon, wrong: CrossIcon };

/**
 * A graded answer's verdict and points, e.g. "Partly right · 0.67 of 1 point": in words and an
 * icon, never colour alone, and the same in practice, reviews and exam results.
 */
export function Verdict({
  correct,
  points,
  maxPoints,
  as = 'p',
  size = 'md',
  labelId,
  ref,
  tabIndex,
}: {
  correct: boolean;
  /** Null where the points are not shown. */
  points: number | null;
  maxPoints: number;
  as?: 'p' | 'h2';
  size?: 'md' | 'lg';
  /** The id of the verdict's words alone, for a region named by them. */
  labelId?: string;
  /** Only for a heading, which takes focus once the answer is graded. */
  ref?: Ref<HTMLHeadingElement>;
  tabIndex?: number;
}) {
  const t = useT();
  const kind = verdictOf(correct, points);
  const Icon = icons[kind];
  const className = `verdict verdict--${kind} verdict--${size}`;
  const content = (
    <>
      <Icon width={size === 'lg' ? 24 : 20} height={size === 'lg' ? 24 : 20} />
      <span id={labelId} className="verdict__label">
        {t(`answering.verdict.${kind}`)}
      </span>
      {points !== null && (
        <span className="verdict__score">
          <span aria-hidden="true">· </span>
          {scoreText(t, points, maxPoints)}
        </span>
      )}
    </>
  );
  return as === 'h2' ? (
    <h2 ref={ref} tabIndex={tabIndex} className={className}>
      {content}
    </h2>
  ) : (
    <p tabIndex={tabIndex} className={className}>
      {content}
    </p>
  );
}
