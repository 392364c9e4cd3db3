import { CheckIcon, CrossIcon } from './result-icons';

/** Marks one option, item, prompt or blank after grading, with an icon and words. */
export function PartMark({ correct, children }: { correct: boolean; children: string }) {
  return (
    <span className={`part-mark part-mark--${correct ? 'right' : 'wrong'}`}>
      {correct ? <CheckIcon /> : <CrossIcon />}
      {children}
    </span>
  );
}
