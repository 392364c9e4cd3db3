import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { CheckIcon, CrossIcon, PartialIcon } from '../ui/icons';

/**
 * A right, partly right or wrong mark on one part of an answer: an icon and words, never colour
 * alone, so it reads the same to everyone. Partly right is an answer accepted for part of the
 * marks, on the same scale as the verdict.
 */
export function Mark({
  ok,
  partial = false,
  children,
}: {
  ok: boolean;
  partial?: boolean;
  children: ReactNode;
}) {
  const kind = partial ? 'partial' : ok ? 'ok' : 'wrong';
  const Icon = partial ? PartialIcon : ok ? CheckIcon : CrossIcon;
  return (
    <span className={`practice-mark practice-mark--${kind}`}>
      <Icon />
      <span>{children}</span>
    </span>
  );
}

/** The mark on one pairing (a blank, a matched prompt): right, or what it should have been. */
export function PairingMark({ correct, expected }: { correct: boolean; expected: string }) {
  const t = useT();
  return correct ? (
    <Mark ok>{t('answering.mark.matchCorrect')}</Mark>
  ) : (
    <Mark ok={false}>{t('answering.mark.shouldBe', { answer: expected })}</Mark>
  );
}
