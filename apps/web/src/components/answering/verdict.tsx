import { verdictOf } from '@questa/contracts/rules/verdict';
import type { Ref } from 'react';
import { useT } from '../../lib/i18n';
import { CheckIcon, ClockIcon, CrossIcon, PartialIcon } from '../ui/icons';
import { scoreText } from './score';
import './verdict.css';

const icons = { correct: CheckIcon, partial: PartialIcon, wrong: CrossIcon, awaiting: ClockIcon };

/**
 * A graded answer's verdict and points, e.g. "Partly right" and "0.67 of 1 point": in words and an
 * icon, never colour alone, and the same in practice, reviews and exam results. The points are a
 * second flex item rather than text after a separator, so on a narrow screen they wrap onto a
 * line of their own that does not begin with a stray "·".
 */
export function Verdict({
  points,
  maxPoints,
  awaiting = false,
  showPoints = true,
  as = 'p',
  size = 'md',
  labelId,
  ref,
  tabIndex,
}: {
  /** Null while a person has still to score the answer. */
  points: number | null;
  maxPoints: number;
  awaiting?: boolean;
  /** False where the review policy hides the points. */
  showPoints?: boolean;
  as?: 'p' | 'h2';
  size?: 'md' | 'lg';
  /** The id of the verdict's words alone, for a region named by them. */
  labelId?: string;
  /** Only for a heading, which takes focus once the answer is graded. */
  ref?: Ref<HTMLHeadingElement>;
  tabIndex?: number;
}) {
  const t = useT();
  const kind = verdictOf({ points, maxPoints, awaiting });
  const Icon = icons[kind];
  const className = `verdict verdict--${kind} verdict--${size}`;
  const content = (
    <>
      <Icon width={size === 'lg' ? 24 : 20} height={size === 'lg' ? 24 : 20} />
      <span id={labelId} className="verdict__label">
        {t(`answering.verdict.${kind}`)}
      </span>
      {showPoints && points !== null && kind !== 'awaiting' && (
        <>
          {/* Read aloud and copied as "Partly right 0.67 of 1 point"; a flex gap shows it. */}{' '}
          <span className="verdict__score">{scoreText(t, points, maxPoints)}</span>
        </>
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
