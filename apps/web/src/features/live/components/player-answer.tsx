import type { AnswerInput, LearnerPassage, LearnerQuestion } from '@questa/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import {
  emptyDraft,
  isReady,
  toAnswer,
  type AnswerDraft,
} from '../../../components/answering/answer-draft';
import { QuickAnswerFields } from '../../../components/answering/quick-answer-fields';
import { WithPassage } from '../../../components/answering/passage';
import { RichText } from '../../../components/answering/rich-text';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { Shape } from './shapes';

// A hotspot is the one widget a phone may need that is not small: it comes when a question asks.
const HotspotField = lazy(() =>
  import('../../../components/answering/hotspot-field').then((module) => ({
    default: module.HotspotField,
  })),
);

/**
 * Answering on a phone: one tap on a large shape for single choice and true/false; the usual
 * fields and a send button for the other types.
 */
export function PlayerAnswer({
  question,
  passage = null,
  showStem,
  sending,
  onAnswer,
}: {
  question: LearnerQuestion;
  /** The passage a grouped question is read with. */
  passage?: LearnerPassage | null | undefined;
  showStem: boolean;
  sending: boolean;
  onAnswer: (answer: AnswerInput) => void;
}) {
  const t = useT();
  const stemId = useId();
  const [draft, setDraft] = useState<AnswerDraft>(() => emptyDraft(question));
  const stem = showStem ? (
    <WithPassage passage={passage}>
      <div id={stemId} className="live-player__stem">
        <RichText source={question.stem} />
      </div>
    </WithPassage>
  ) : (
    <p id={stemId} className="live-player__stem live-player__stem--hidden">
      {t('live.lookAtScreen')}
    </p>
  );

  if (question.type === 'single_choice' || question.type === 'true_false') {
    const choices =
      question.type === 'single_choice'
        ? question.options.map((option) => ({
            key: option.id,
            label: option.text,
            answer: { type: 'single_choice', optionId: option.id } as const,
          }))
        : [
            {
              key: 'true',
              label: t('live.true'),
              answer: { type: 'true_false', value: true } as const,
            },
            {
              key: 'false',
              label: t('live.false'),
              answer: { type: 'true_false', value: false } as const,
            },
          ];
    return (
      <div className="live-player__answer">
        {stem}
        <div className="live-choices" role="group" aria-describedby={stemId}>
          {choices.map((choice, index) => (
            <button
              key={choice.key}
              type="button"
              className="live-choice"
              data-shape={index}
              disabled={sending}
              onClick={() => onAnswer(choice.answer)}
            >
              <Shape index={index} />
              <span className="live-choice__label">
                {showStem ? (
                  <RichText source={choice.label} inline />
                ) : (
                  t('live.shapeAnswer', { n: index + 1 })
                )}
              </span>
            </button>
          ))}
        </div>
      </div>
    );
  }

  const answer = toAnswer(draft);
  return (
    <form
      className="live-player__answer"
      onSubmit={(event) => {
        event.preventDefault();
        if (answer && !sending) onAnswer(answer);
      }}
    >
      {stem}
      {question.type === 'hotspot' && draft.type === 'hotspot' ? (
        <Suspense fallback={<p role="status">{t('live.loadingPicture')}</p>}>
          <HotspotField
            question={question}
            draft={draft}
            onChange={setDraft}
            feedback={null}
            readOnly={sending}
            describedBy={stemId}
            showKeys={false}
          />
        </Suspense>
      ) : (
        <QuickAnswerFields
          question={question}
          draft={draft}
          onChange={setDraft}
          describedBy={stemId}
        />
      )}
      <Button type="submit" className="live-send" disabled={!isReady(draft) || !answer || sending}>
        {t('live.send')}
      </Button>
    </form>
  );
}
