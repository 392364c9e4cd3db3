import type { ReactNode } from 'react';
import { CheckIcon, CrossIcon } from './result-icons';

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
