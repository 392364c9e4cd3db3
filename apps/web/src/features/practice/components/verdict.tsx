import { CheckIcon, CrossIcon, PartialIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

export type VerdictKind = 'correct' | 'partial' | 'wrong';

export function verdictOf(correct: boolean, score: number): VerdictKind {
  if (correct) return 'correct';
  return score > 0 ? 'partial' : 'wrong';
}

/** Right, partly right or wrong, in an icon and in words. */
export function Verdict({ kind, id }: { kind: VerdictKind; id?: string }) {
  const t = useT();
  const Icon = { correct: CheckIcon, partial: PartialIcon, wrong: CrossIcon }[kind];
  return (
    <p id={id} className={`practice-verdict practice-verdict--${kind}`}>
      <Icon width={24} height={24} />
      {t(`practice.verdict.${kind}`)}
    </p>
  );
}
