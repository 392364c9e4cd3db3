import { ChoiceFields, TrueFalseFields } from './choice-fields';
import { OrderingField } from './ordering-field';
import { NumericField, ShortTextField } from './typed-fields';
import { feedbackOf, useFieldCommon, type AnswerFieldsProps } from './field-common';
import '../ui/field.css';
import './answer-fields.css';

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
