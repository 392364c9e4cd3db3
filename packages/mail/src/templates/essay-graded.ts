import type { MailMessage } from '../mail-transport';

/** Points as people read them: at most two decimals. */
const points = (value: number) => String(Math.round(value * 100) / 100);

/**
 * The mail a learner gets when an essay of theirs is graded: the grade, where to read the
 * grader's comment, and a link that stops these mails without signing in.
 */
export function essayGradedMail(input: {
  to: string;
  name: string;
  examTitle: string;
  points: number;
  maxPoints: number;
  resultUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Your essay in “${input.examTitle}” has been graded`,
    text: [
      `Hello ${input.name},`,
      '',
      `Your essay in “${input.examTitle}” got ${points(input.points)} of ${points(input.maxPoints)} points.`,
      `Read the grade and any comment from your grader at ${input.resultUrl}`,
      '',
      `You get this mail because you chose mail for graded essays. To stop it, open ${input.unsubscribeUrl}`,
    ].join('\n'),
    // Mail apps offer this link beside the sender's name; it opens the same page.
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
  };
}
