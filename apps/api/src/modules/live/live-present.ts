import type {
  AnswerInput,
  LearnerQuestion,
  LiveRoomState,
  QuestionContent,
} from '@questa/contracts';
import { formatValue, instantiate, type CalculatedValues } from '@questa/contracts/rules';

/**
 * The correct answer in words, for the big screen once a question closes; a calculated question's
 * for the values the room was shown.
 */
export function answerText(content: QuestionContent, values?: CalculatedValues): string {
  switch (content.type) {
    case 'single_choice':
    case 'multiple_response':
      return content.options
        .filter((option) => option.correct)
        .map((option) => option.text)
        .join(' · ');
    case 'true_false':
      return content.answer ? 'True' : 'False';
    case 'numeric':
      return `${content.value}${content.unit ? ` ${content.unit}` : ''}`;
    case 'short_text':
      return content.accepted[0] ?? '';
    case 'ordering':
      return content.items.map((item) => item.text).join(' → ');
    case 'hotspot': {
      const labels = content.regions
        .filter((region) => region.correct && region.label !== '')
        .map((region) => region.label);
      // Regions without a name are pointed out on the picture by the host.
      return labels.length > 0 ? labels.join(' · ') : 'the marked area';
    }
    case 'calculated': {
      const instance = values ? instantiate(content, values) : null;
      if (!instance) return '';
      const answer = formatValue(instance.answer, content.answerDecimals);
      return `${answer}${content.unit ? ` ${content.unit}` : ''}`;
    }
    default:
      return '';
  }
}

interface GivenAnswer {
  answer: AnswerInput;
  correct: boolean | null;
}

/**
 * How a room answered: one bar per option for the choice types (in the order players saw them),
 * true and false for true/false, and right against wrong for the others.
 */
export function distribution(
  content: QuestionContent,
  presented: LearnerQuestion,
  answers: readonly GivenAnswer[],
) {
  if (content.type === 'single_choice' || content.type === 'multiple_response') {
    const counts = new Map<string, number>();
    for (const { answer } of answers) {
      const chosen =
        answer.type === 'single_choice'
          ? [answer.optionId]
          : answer.type === 'multiple_response'
            ? answer.optionIds
            : [];
      for (const id of chosen) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const order = 'options' in presented ? presented.options.map((option) => option.id) : [];
    return order.flatMap((id) => {
      const option = content.options.find((candidate) => candidate.id === id);
      return option
        ? [{ key: id, label: option.text, correct: option.correct, count: counts.get(id) ?? 0 }]
        : [];
    });
  }
  if (content.type === 'true_false') {
    const count = (value: boolean) =>
      answers.filter(({ answer }) => answer.type === 'true_false' && answer.value === value).length;
    return [
      { key: 'true', label: 'True', correct: content.answer, count: count(true) },
      { key: 'false', label: 'False', correct: !content.answer, count: count(false) },
    ];
  }
  const right = answers.filter((answer) => answer.correct === true).length;
  return [
    { key: 'correct', label: 'Right', correct: true, count: right },
    { key: 'wrong', label: 'Wrong', correct: false, count: answers.length - right },
  ];
}

/**
 * The question whose result a player's own view shows: none in the lobby, the one before the
 * open question while it runs, and the current one once it has closed.
 */
export const shownResultPosition = (state: LiveRoomState, position: number): number =>
  state === 'lobby' ? 0 : state === 'question_open' ? position - 1 : position;

/**
 * A question as the room is shown it: hints are for practising alone, and in a race they would
 * hand the fastest reader points, so they never reach the big screen or a phone.
 */
export function forTheRoom(presented: LearnerQuestion): LearnerQuestion {
  if (!('hints' in presented)) return presented;
  const { hints: _hints, ...rest } = presented;
  return rest;
}
