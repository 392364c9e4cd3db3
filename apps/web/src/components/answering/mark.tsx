import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { CheckIcon, CrossIcon } from '../ui/icons';

/**
 * A right or wrong mark on one part of an answer: an icon and words, never colour alone, so it
 * reads the same to everyone.
 */
export function Mark({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span className={`practice-mark practice-mark--${ok ? 'ok' : 'wrong'}`}>
      {ok ? <CheckIcon /> : <CrossIcon />}
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
