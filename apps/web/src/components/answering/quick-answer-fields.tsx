import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import type { AnswerDraft } from './answer-draft';
import type { ChangeKind } from './answer-fields';
import { ChoiceFields, TrueFalseFields } from './choice-fields';
import { OrderingField } from './ordering-field';
import { NumericField, ShortTextField } from './typed-fields';
import { useTouchOnly } from './use-touch-only';
import '../ui/field.css';
import './answer-fields.css';

export interface AnswerFieldsProps {
  question: LearnerQuestion;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft, kind: ChangeKind) => void;
  feedback?: AnswerFeedback | null;
  readOnly?: boolean;
  describedBy?: string;
  showKeys?: boolean;
}

/** What every widget takes, and the feedback of the widget's own type or none. */
export function useFieldCommon({
  onChange,
  readOnly = false,
  describedBy,
  showKeys = false,
}: AnswerFieldsProps) {
  // Number badges are keyboard hints too: on a touch-only screen there is nothing to press.
  const touchOnly = useTouchOnly();
  return { onChange, readOnly, describedBy, showKeys: showKeys && !touchOnly };
}

export const feedbackOf = <T,>(value: { type: string } | null | undefined, type: string) =>
  (value && value.type === type ? value : null) as T | null;

/**
 * The widgets of the types answered in a few seconds: choices, true or false, a word, a number,
 * an order. A live room asks only these, so its player page imports this alone and a phone
 * joining a room downloads no cloze, matching, hotspot or essay widget. Null for other types.
 */
export function QuickAnswerFields(props: AnswerFieldsProps) {
  const { question, draft, feedback } = props;
  const common = useFieldCommon(props);
  switch (question.type) {
    case 'single_choice':
    case 'multiple_response':
      if (draft.type !== 'single_choice' && draft.type !== 'multiple_response') return null;
      return (
        <ChoiceFields
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, question.type)}
        />
      );
    case 'true_false':
      if (draft.type !== 'true_false') return null;
      return (
        <TrueFalseFields
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, 'true_false')}
        />
      );
    case 'short_text':
      if (draft.type !== 'short_text') return null;
      return (
        <ShortTextField
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, 'short_text')}
        />
      );
    case 'numeric':
      if (draft.type !== 'numeric') return null;
      return (
        <NumericField
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, 'numeric')}
        />
      );
    case 'ordering':
      if (draft.type !== 'ordering') return null;
      return (
        <OrderingField
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, 'ordering')}
        />
      );
    case 'calculated':
      if (draft.type !== 'calculated') return null;
      return (
        <NumericField
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, 'calculated')}
        />
      );
    default:
      return null;
  }
}
