import { useId, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { toggled, type AnswerDraft } from './answer-draft';
import type { FieldProps } from './field-common';
import { Mark } from './mark';
import { RichText } from './rich-text';

type ChoiceType = 'single_choice' | 'multiple_response';
type ChoiceProps = Omit<FieldProps<ChoiceType>, 'onChange'> & {
  onChange: (draft: Extract<AnswerDraft, { type: ChoiceType }>, kind: 'choose') => void;
};

/** Single choice as radio buttons, multiple response as checkboxes. */
export function ChoiceFields(props: ChoiceProps) {
  const t = useT();
  const name = useId();
  const { question, readOnly, describedBy, showKeys } = props;
  const single = props.question.type === 'single_choice';
  const isChosen = (id: string) =>
    props.draft.type === 'single_choice'
      ? props.draft.optionId === id
      : props.draft.optionIds.includes(id);

  const choose = (id: string) => {
    if (props.question.type === 'single_choice' && props.draft.type === 'single_choice') {
      props.onChange({ type: 'single_choice', optionId: id }, 'choose');
    } else if (
      props.question.type === 'multiple_response' &&
      props.draft.type === 'multiple_response'
    ) {
      props.onChange(
        {
          type: 'multiple_response',
          optionIds: toggled(props.question, props.draft.optionIds, id),
        },
        'choose',
      );
    }
  };

  return (
    <fieldset className="fieldset practice-choices" aria-describedby={describedBy}>
      <legend>{single ? t('answering.chooseOne') : t('answering.chooseAll')}</legend>
      {question.options.map((option, index) => {
        const marks = props.feedback?.options.find((entry) => entry.optionId === option.id);
        return (
          <ChoiceOption
            key={option.id}
            name={name}
            type={single ? 'radio' : 'checkbox'}
            checked={isChosen(option.id)}
            disabled={readOnly}
            onChange={() => choose(option.id)}
            keyNumber={showKeys && index < 9 ? index + 1 : null}
            marks={marks ?? null}
          >
            <RichText source={option.text} inline />
          </ChoiceOption>
        );
      })}
    </fieldset>
  );
}

export function TrueFalseFields({
  draft,
  onChange,
  feedback,
  readOnly,
  describedBy,
  showKeys,
}: FieldProps<'true_false'>) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="fieldset practice-choices" aria-describedby={describedBy}>
      <legend>{t('answering.trueOrFalse')}</legend>
      {[true, false].map((value, index) => (
        <ChoiceOption
          key={String(value)}
          name={name}
          type="radio"
          checked={draft.value === value}
          disabled={readOnly}
          onChange={() => onChange({ type: 'true_false', value }, 'choose')}
          keyNumber={showKeys ? index + 1 : null}
          marks={
            feedback
              ? { chosen: feedback.given === value, correct: feedback.expected === value }
              : null
          }
        >
          {value ? t('answering.true') : t('answering.false')}
        </ChoiceOption>
      ))}
    </fieldset>
  );
}

function ChoiceOption({
  name,
  type,
  checked,
  disabled,
  onChange,
  keyNumber,
  marks,
  children,
}: {
  name: string;
  type: 'radio' | 'checkbox';
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
  keyNumber: number | null;
  /** The author's feedback on a chosen option arrives with the grade, never before. */
  marks: { chosen: boolean; correct: boolean; feedback?: string | undefined } | null;
  children: ReactNode;
}) {
  const t = useT();
  const state = !marks ? undefined : marks.correct ? 'correct' : marks.chosen ? 'wrong' : undefined;
  return (
    <label className="practice-choice" data-state={state}>
      <input type={type} name={name} checked={checked} disabled={disabled} onChange={onChange} />
      {keyNumber !== null && (
        <kbd className="practice-choice__key" aria-hidden="true">
          {keyNumber}
        </kbd>
      )}
      <span className="practice-choice__text">{children}</span>
      {marks?.chosen && marks.correct && <Mark ok>{t('answering.mark.chosenCorrect')}</Mark>}
      {marks?.chosen && !marks.correct && <Mark ok={false}>{t('answering.mark.chosenWrong')}</Mark>}
      {marks && !marks.chosen && marks.correct && <Mark ok>{t('answering.mark.correct')}</Mark>}
      {marks?.feedback && (
        <span className="practice-choice__feedback">
          <span className="visually-hidden">{t('answering.optionFeedback')}</span>
          <RichText source={marks.feedback} inline />
        </span>
      )}
    </label>
  );
}
