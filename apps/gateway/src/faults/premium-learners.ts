import { questaHttp } from '../testing/live-client';
import { signInOverHttp } from '../testing/sign-in-over-http';

export const DEMO_PASSWORD = 'practice-makes-perfect';

/**
 * Signs in the demo accounts `emails` over HTTP and has the demo admin grant each premium, as
 * the admin page does, so every one of them can take exams. Returns their session cookies.
 */
export async function premiumLearners(url: string, emails: string[]): Promise<string[]> {
  const call = questaHttp(url);
  // The main API knows an account once it has signed in: sign everyone in first.
  const admin = await signInOverHttp(url, 'admin@questa.test', DEMO_PASSWORD);
  const cookies: string[] = [];
  for (const email of emails) {
    cookies.push(
      email === 'admin@questa.test' ? admin : await signInOverHttp(url, email, DEMO_PASSWORD),
    );
  }
  const listed = await call<{ users: { id: string; email: string }[] }>(
    admin,
    'GET',
    '/api/admin/users?limit=100',
  );
  for (const email of emails) {
    const user = listed.body.users.find((candidate) => candidate.email === email);
    if (!user) throw new Error(`No user ${email} to grant premium to`);
    const granted = await call(admin, 'PUT', `/api/admin/users/${user.id}/premium`, {
      premium: true,
      until: null,
    });
    if (granted.status !== 200) throw new Error(`Granting premium to ${email}: ${granted.status}`);
  }
  return cookies;
}

/** The id of the demo bank `title` in the public catalog. */
export async function demoBankId(url: string, title = 'World Geography') {
  const catalog = await questaHttp(url)<{ banks: { id: string; title: string }[] }>(
    undefined,
    'GET',
    '/api/catalog/banks',
  );
  const bank = catalog.body.banks.find((candidate) => candidate.title === title);
  if (!bank) throw new Error(`The catalog has no bank ${title}: ${JSON.stringify(catalog.body)}`);
  return bank.id;
}
