import type { MailMessage } from '../mail-transport';

interface AssignmentMailInput {
  to: string;
  name: string;
  title: string;
  className: string;
  /** The due time as the learner reads it, e.g. "Sat, 29 Nov 2026, 08:44 UTC". */
  due: string;
  todoUrl: string;
  unsubscribeUrl: string;
}

const footer = (what: string, unsubscribeUrl: string) => [
  '',
  `You get this mail because you chose mail for ${what}. To stop it, open ${unsubscribeUrl}`,
];

/** The mail a learner gets when a teacher gives their class an assignment. */
export function assignmentGivenMail(input: AssignmentMailInput): MailMessage {
  return {
    to: input.to,
    subject: `New assignment in ${input.className}: ${input.title}`,
    text: [
      `Hello ${input.name},`,
      '',
      `Your teacher gave ${input.className} a new assignment, “${input.title}”, due ${input.due}.`,
      `Find it under To do: ${input.todoUrl}`,
      ...footer('new assignments', input.unsubscribeUrl),
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
  };
}

/** The mail a learner gets a day before an assignment they have not completed is due. */
export function assignmentDueMail(input: AssignmentMailInput): MailMessage {
  return {
    to: input.to,
    subject: `Due tomorrow: ${input.title}`,
    text: [
      `Hello ${input.name},`,
      '',
      `“${input.title}” in ${input.className} is due ${input.due}, and you have not completed it yet.`,
      `Do it from To do: ${input.todoUrl}`,
      ...footer('assignments due tomorrow', input.unsubscribeUrl),
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
  };
}
