import type { MailMessage } from '../mail-transport';

const money = (amount: number, currency: string) =>
  `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * The mail a workspace's owners get when a payment for its seats fails: what failed, where to pay
 * with another card, what happens if nobody does, and a link that stops these mails.
 */
export function workspacePaymentFailedMail(input: {
  to: string;
  name: string;
  workspaceName: string;
  amount: number;
  currency: string;
  payUrl: string | null;
  planUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `A payment for “${input.workspaceName}” failed`,
    text: [
      `Hello ${input.name},`,
      '',
      `The payment of ${money(input.amount, input.currency)} for the seats of your workspace “${input.workspaceName}” did not go through.`,
      input.payUrl
        ? `Pay it with another card at ${input.payUrl}`
        : `Check the card on file from the workspace plan at ${input.planUrl}`,
      'The payment partner tries again over the next days; if no payment succeeds, the workspace goes back to the free limits.',
      `See the workspace plan at ${input.planUrl}`,
      '',
      `You get this mail as an owner of the workspace. To stop it, open ${input.unsubscribeUrl}`,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
  };
}
