import type { MailMessage } from '../mail-transport';

const day = (moment: Date) =>
  moment.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The mail an invitee gets: who invited them to which workspace, as what, and the link that joins
 * it, also for someone without an account yet (the page offers to create one). A person with an
 * account chose whether these come by mail and gets a link to stop them; to anyone else this is
 * the one mail someone asked Questa to send them, so there is nothing to unsubscribe from.
 */
export function invitationMail(input: {
  to: string;
  invitedBy: string;
  workspaceName: string;
  role: string;
  acceptUrl: string;
  expiresAt: Date;
  unsubscribeUrl?: string | undefined;
}): MailMessage {
  const lines = [
    'Hello,',
    '',
    `${input.invitedBy} invited you to join “${input.workspaceName}” on Questa as ${input.role}.`,
    `Open this link to accept; if you have no Questa account yet, you can create one there:`,
    input.acceptUrl,
    '',
    `The link works once and until ${day(input.expiresAt)}. If you did not expect this, ignore this mail.`,
  ];
  if (input.unsubscribeUrl) {
    lines.push(
      '',
      `You get this mail because you chose mail for invitations. To stop it, open ${input.unsubscribeUrl}`,
    );
  }
  return {
    to: input.to,
    subject: `${input.invitedBy} invited you to “${input.workspaceName}” on Questa`,
    text: lines.join('\n'),
    ...(input.unsubscribeUrl && { headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` } }),
  };
}
