import type { AnswerInput, LearnerQuestion } from '@questa/contracts';
import { useT } from '../../lib/i18n';
import { HotspotPicture } from './hotspot-picture';
import { RichText } from './rich-text';

/** An answer in words: the option texts, the items in order, each prompt with its match. */
export function AnswerSummary({
  question,
  answer,
  tolerance,
}: {
  question: LearnerQuestion;
  answer: AnswerInput;
  /** The numeric or calculated tolerance, when the grader told it. */
  tolerance?: number | undefined;
}) {
  const t = useT();
  if (question.type !== answer.type) return null;

  switch (answer.type) {
    case 'single_choice': {
      if (question.type !== 'single_choice') return null;
      const option = question.options.find((candidate) => candidate.id === answer.optionId);
      return <RichText source={option?.text ?? answer.optionId} inline />;
    }
    case 'multiple_response': {
      if (question.type !== 'multiple_response') return null;
      const chosen = question.options.filter((option) => answer.optionIds.includes(option.id));
      if (chosen.length === 0) return <>{t('answering.summary.none')}</>;
      return (
        <ul className="practice-summary">
          {chosen.map((option) => (
            <li key={option.id}>
              <RichText source={option.text} inline />
            </li>
          ))}
        </ul>
      );
    }
    case 'true_false':
      return <>{answer.value ? t('answering.true') : t('answering.false')}</>;
    case 'short_text':
      return <>{answer.text}</>;
    case 'numeric':
    case 'calculated': {
      const unit =
        question.type === 'numeric' || question.type === 'calculated'
          ? (question.unit ?? answer.unit ?? '')
          : '';
      return (
        <>
          {tolerance
            ? t('answering.summary.numberWithTolerance', { value: answer.value, tolerance, unit })
            : t('answering.summary.number', { value: answer.value, unit })}
        </>
      );
    }
    case 'ordering': {
      if (question.type !== 'ordering') return null;
      return (
        <ol className="practice-summary">
          {answer.itemIds.map((itemId) => (
            <li key={itemId}>
              <RichText
                source={question.items.find((item) => item.id === itemId)?.text ?? itemId}
                inline
              />
            </li>
          ))}
        </ol>
      );
    }
    case 'matching': {
      if (question.type !== 'matching') return null;
      const given = new Map(answer.pairs.map((pair) => [pair.pairId, pair.answer]));
      return (
        <ul className="practice-summary">
          {question.prompts.map((prompt) => (
            <li key={prompt.id}>
              <RichText source={prompt.prompt} inline /> →{' '}
              {given.get(prompt.id) ?? t('answering.summary.unanswered')}
            </li>
          ))}
        </ul>
      );
    }
    case 'cloze': {
      if (question.type !== 'cloze') return null;
      const given = new Map(answer.blanks.map((blank) => [blank.blankId, blank.value]));
      return (
        <ul className="practice-summary">
          {question.blanks.map((blank, index) => {
            const value = given.get(blank.id);
            const text =
              value === undefined
                ? t('answering.summary.unanswered')
                : blank.kind === 'choice' && typeof value === 'number'
                  ? (blank.options[value] ?? String(value))
                  : String(value);
            return (
              <li key={blank.id}>
                {t('answering.blank', { number: index + 1 })}: {text}
              </li>
            );
          })}
        </ul>
      );
    }
    case 'hotspot': {
      if (question.type !== 'hotspot') return null;
      return (
        <div className="hotspot-field">
          <p>{t('answering.hotspot.summary', { count: answer.points.length })}</p>
          <HotspotPicture
            image={question.image}
            markers={answer.points.map((p, i) => ({ ...p, tone: 'neutral', label: String(i + 1) }))}
            frame={{ role: 'img', 'aria-label': question.image.alt }}
          />
        </div>
      );
    }
    // The model answer, which the author wrote in Markdown.
    case 'essay':
      return <RichText source={answer.text} />;
  }
}
