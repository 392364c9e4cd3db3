import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import type { AnswerDraft } from '../answer-draft';
import { Markdown } from './markdown';
import { PartMark } from './part-mark';

type OrderingQuestion = Extract<LearnerQuestion, { type: 'ordering' }>;
type OrderingDraft = Extract<AnswerDraft, { type: 'ordering' }>;

/** The items as a numbered list the learner rearranges with "move up" and "move down". */
export function OrderingAnswer({
  question,
  draft,
  onChange,
  feedback,
  legend,
}: {
  question: OrderingQuestion;
  draft: OrderingDraft;
  onChange: (draft: OrderingDraft) => void;
  feedback: AnswerFeedback | null;
  legend: string;
}) {
  const t = useT();
  const legendId = useId();
  const graded = feedback?.type === 'ordering' ? feedback.items : null;
  const textOf = (id: string) => question.items.find((item) => item.id === id)?.text ?? id;

  const move = (from: number, to: number) => {
    const itemIds = [...draft.itemIds];
    const [moved] = itemIds.splice(from, 1);
    if (moved === undefined) return;
    itemIds.splice(to, 0, moved);
    onChange({ ...draft, itemIds });
  };

  return (
    <div className="answer-ordering">
      <p id={legendId} className="answer-ordering__legend">
        {legend} <span className="answer-hint">{t('review.answer.orderHint')}</span>
      </p>
      <ol className="answer-ordering__list" aria-labelledby={legendId}>
        {draft.itemIds.map((id, index) => {
          const mark = graded?.find((entry) => entry.itemId === id);
          const name = textOf(id);
          return (
            <li key={id} className="answer-ordering__item">
              <span className="answer-ordering__text">
                <Markdown inline source={name} />
              </span>
              {mark ? (
                <PartMark correct={mark.position === mark.correctPosition}>
                  {mark.position === mark.correctPosition
                    ? t('review.mark.inPlace')
                    : t('review.mark.belongsAt', { position: mark.correctPosition + 1 })}
                </PartMark>
              ) : (
                <span className="answer-ordering__moves">
                  <Button
                    variant="secondary"
                    className="button--small"
                    aria-label={t('editor.moveUp', { name })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="secondary"
                    className="button--small"
                    aria-label={t('editor.moveDown', { name })}
                    disabled={index === draft.itemIds.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
