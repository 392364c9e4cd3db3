import { CSRF_HEADER } from '@questa/contracts';
import { signInOverHttp } from '@questa/gateway/testing';

/** The demo learner every fresh data folder has. */
const DEMO_LEARNER = { email: 'learner@questa.test', password: 'practice-makes-perfect' };

/**
 * Signs the demo learner in to a running Questa and starts practising its first public bank, as
 * the bank page's button does. Returns the session cookie and the practice page's path.
 */
export async function openPracticeSession(baseUrl: string) {
  const cookie = await signInOverHttp(baseUrl, DEMO_LEARNER.email, DEMO_LEARNER.password);
  const { banks } = (await (await fetch(`${baseUrl}/api/catalog/banks`)).json()) as {
    banks: { id: string; visibility: string }[];
  };
  const bank = banks.find((candidate) => candidate.visibility === 'public');
  if (!bank) throw new Error('The demo catalog has no public bank');
  const response = await fetch(`${baseUrl}/api/practice/sessions`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      [CSRF_HEADER]: '1',
      origin: new URL(baseUrl).origin,
    },
    body: JSON.stringify({ bankId: bank.id }),
  });
  if (response.status !== 201) {
    throw new Error(`Starting practice: ${response.status} ${await response.text()}`);
  }
  const { session } = (await response.json()) as { session: { id: string } };
  return { cookie, path: `/practice/${session.id}` };
}
