import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import type { AnswerDraft } from './answer-draft';
import { ClozeFields } from './cloze-fields';
import { HotspotField } from './hotspot-field';
import { EssayField } from './essay-field';
import { MatchingFields } from './matching-fields';
import {
  feedbackOf,
  QuickAnswerFields,
  useFieldCommon,
  type AnswerFieldsProps,
} from './quick-answer-fields';
import '../ui/field.css';
import './answer-fields.css';

/** `choose` for a click or a pick, sent at once; `type` for typing, which callers may debounce. */
export type ChangeKind = 'choose' | 'type';

export interface FieldProps<Type extends LearnerQuestion['type']> {
  question: Extract<LearnerQuestion, { type: Type }>;
  draft: Extract<AnswerDraft, { type: Type }>;
  onChange: (draft: Extract<AnswerDraft, { type: Type }>, kind: ChangeKind) => void;
  /** Graded: the answer is shown, marked, and can no longer change. */
  feedback: Extract<AnswerFeedback, { type: Type }> | null;
  readOnly: boolean;
  /** The id of the element holding the question, read with the answer group. */
  describedBy: string | undefined;
  /** Show the number keys that pick options. */
  showKeys: boolean;
}

/**
 * The answer form part of a question, one widget per question type, each a labelled group.
 * Controlled: the draft lives with the caller, so a failed request never loses it.
 */
export function AnswerFields(props: AnswerFieldsProps) {
  const { question, draft, feedback } = props;
  const common = useFieldCommon(props);
  switch (question.type) {
    case 'matching':
      if (draft.type !== 'matching') return null;
      return (
        <MatchingFields
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, 'matching')}
        />
      );
    case 'cloze':
      if (draft.type !== 'cloze') return null;
      return (
        <ClozeFields
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, 'cloze')}
        />
      );
    case 'hotspot':
      if (draft.type !== 'hotspot') return null;
      return (
        <HotspotField
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, 'hotspot')}
        />
      );
    case 'essay':
      if (draft.type !== 'essay') return null;
      return (
        <EssayField
          {...common}
          question={question}
          draft={draft}
          feedback={feedbackOf(feedback, 'essay')}
        />
      );
    default:
      return <QuickAnswerFields {...props} />;
  }
}
