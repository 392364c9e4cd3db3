import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import type { AnswerDraft } from './answer-draft';
import { ChoiceFields, TrueFalseFields } from './choice-fields';
import { ClozeFields } from './cloze-fields';
import { HotspotField } from './hotspot-field';
import { EssayField } from './essay-field';
import { MatchingFields } from './matching-fields';
import { OrderingField } from './ordering-field';
import { NumericField, ShortTextField } from './typed-fields';
import { useTouchOnly } from './use-touch-only';
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
export function AnswerFields({
  question,
  draft,
  onChange,
  feedback = null,
  readOnly = false,
  describedBy,
  showKeys = false,
}: {
  question: LearnerQuestion;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft, kind: ChangeKind) => void;
  feedback?: AnswerFeedback | null;
  readOnly?: boolean;
  describedBy?: string;
  showKeys?: boolean;
}) {
  // Number badges are keyboard hints too: on a touch-only screen there is nothing to press.
  const touchOnly = useTouchOnly();
  const common = { onChange, readOnly, describedBy, showKeys: showKeys && !touchOnly };
  const matching = <T,>(value: { type: string } | null, type: string) =>
    (value && value.type === type ? value : null) as T | null;

  switch (question.type) {
    case 'single_choice':
    case 'multiple_response':
      if (draft.type !== 'single_choice' && draft.type !== 'multiple_response') return null;
      return (
        <ChoiceFields
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, question.type)}
        />
      );
    case 'true_false':
      if (draft.type !== 'true_false') return null;
      return (
        <TrueFalseFields
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, 'true_false')}
        />
      );
    case 'short_text':
      if (draft.type !== 'short_text') return null;
      return (
        <ShortTextField
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, 'short_text')}
        />
      );
    case 'numeric':
      if (draft.type !== 'numeric') return null;
      return (
        <NumericField
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, 'numeric')}
        />
      );
    case 'ordering':
      if (draft.type !== 'ordering') return null;
      return (
        <OrderingField
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, 'ordering')}
        />
      );
    case 'matching':
      if (draft.type !== 'matching') return null;
      return (
        <MatchingFields
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, 'matching')}
        />
      );
    case 'cloze':
      if (draft.type !== 'cloze') return null;
      return (
        <ClozeFields
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, 'cloze')}
        />
      );
    case 'hotspot':
      if (draft.type !== 'hotspot') return null;
      return (
        <HotspotField
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, 'hotspot')}
        />
      );
    case 'calculated':
      if (draft.type !== 'calculated') return null;
      return (
        <NumericField
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, 'calculated')}
        />
      );
    case 'essay':
      if (draft.type !== 'essay') return null;
      return (
        <EssayField
          {...common}
          question={question}
          draft={draft}
          feedback={matching(feedback, 'essay')}
        />
      );
  }
}
