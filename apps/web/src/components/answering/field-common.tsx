import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import type { ComponentType } from 'react';
import type { AnswerDraft } from './answer-draft';
import { useTouchOnly } from './use-touch-only';

/** `choose` for a click or a pick, sent at once; `type` for typing, which callers may debounce. */
export type ChangeKind = 'choose' | 'type';

export interface AnswerFieldsProps {
  question: LearnerQuestion;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft, kind: ChangeKind) => void;
  feedback?: AnswerFeedback | null;
  readOnly?: boolean;
  describedBy?: string;
  showKeys?: boolean;
}

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
 * One type's widget as the answer form takes it: any question and draft, rendering nothing for
 * those of another type. Each lazily loaded widget module exports one (answer-widgets.ts).
 */
export function widgetFor<Type extends LearnerQuestion['type']>(
  type: Type,
  Field: ComponentType<FieldProps<Type>>,
): ComponentType<AnswerFieldsProps> {
  function Widget(props: AnswerFieldsProps) {
    const common = useFieldCommon(props);
    const { question, draft, feedback } = props;
    if (question.type !== type || draft.type !== type) return null;
    return (
      <Field
        {...(common as Pick<
          FieldProps<Type>,
          'onChange' | 'readOnly' | 'describedBy' | 'showKeys'
        >)}
        question={question as FieldProps<Type>['question']}
        draft={draft as FieldProps<Type>['draft']}
        feedback={feedbackOf<FieldProps<Type>['feedback'] & object>(feedback, type)}
      />
    );
  }
  Widget.displayName = `${type}Widget`;
  return Widget;
}
