import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import type { AnswerDraft } from '../answer-draft';
import { ChoiceAnswer, TrueFalseAnswer } from './choice-answer';
import { ClozeAnswer } from './cloze-answer';
import { MatchingAnswer } from './matching-answer';
import { OrderingAnswer } from './ordering-answer';
import { TextAnswer } from './text-answer';
// Labels, hints, errors and field sets look as they do in every other form.
import '../../../components/ui/field.css';

/**
 * The control for answering `question`, chosen by its type. With `feedback` the control is
 * locked and marks what was right and wrong.
 */
export function AnswerInput({
  question,
  draft,
  onChange,
  feedback,
}: {
  question: LearnerQuestion;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft) => void;
  feedback: AnswerFeedback | null;
}) {
  const t = useT();
  const legend = t('review.answer.legend');
  const common = { onChange, feedback, legend };

  if (
    (question.type === 'single_choice' || question.type === 'multiple_response') &&
    (draft.type === 'single_choice' || draft.type === 'multiple_response')
  ) {
    return <ChoiceAnswer question={question} draft={draft} {...common} />;
  }
  if (draft.type === 'true_false') return <TrueFalseAnswer draft={draft} {...common} />;
  if (draft.type === 'short_text' || draft.type === 'numeric') {
    return (
      <TextAnswer
        question={question}
        draft={draft}
        onChange={onChange}
        graded={feedback !== null}
        label={t('review.answer.yourAnswer')}
      />
    );
  }
  if (question.type === 'ordering' && draft.type === 'ordering') {
    return <OrderingAnswer question={question} draft={draft} {...common} />;
  }
  if (question.type === 'matching' && draft.type === 'matching') {
    return <MatchingAnswer question={question} draft={draft} {...common} />;
  }
  if (question.type === 'cloze' && draft.type === 'cloze') {
    return <ClozeAnswer question={question} draft={draft} {...common} />;
  }
  return null;
}
