import { readOutbox } from '@questa/mail';

/**
 * Signs in to a running Questa the way a browser would, without one: follows the redirects to
 * the embedded provider's page, posts its sign-in form, and returns the session cookie
 * (`name=value`) that the callback sets. For benchmarks and process-level tests.
 */
export async function signInOverHttp(
  baseUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };

  let response = await send('/api/auth/login');
  let page = '';
  for (let hop = 0; hop < 5 && !page; hop++) {
    const location = response.headers.get('location');
    if (!location) page = await response.text();
    else response = await send(location);
  }
  const action = /<form method="post" action="([^"]+\/login)"/.exec(page)?.[1];
  if (!action) throw new Error('The identity provider did not show its sign-in form');
  const post = () =>
    send(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
  response = await post();
  // The provider allows ten attempts a minute from one address, and a test run signs in from
  // one: when it asks to wait, wait as long as it says (a few times at most) and post again.
  for (let wait = 0; response.status === 429 && wait < 3; wait++) {
    const seconds = Number(response.headers.get('retry-after') ?? 60);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    response = await post();
  }
  for (let hop = 0; hop < 6; hop++) {
    const location = response.headers.get('location');
    if (!location) break;
    response = await send(location);
    const session = [...jar].find(([name]) => name.endsWith('questa_session'));
    if (session && session[1]) return `${session[0]}=${session[1]}`;
  }
  throw new Error(`Signing in as ${email} did not open a session`);
}

/**
 * Makes an account at a running Questa's embedded provider the way a person would, without a
 * browser: posts the sign-up form and opens the link of the confirmation mail, which the
 * provider writes to `outbox` (the data folder's `outbox` without SMTP_URL).
 */
export async function signUpOverHttp(
  baseUrl: string,
  outbox: string,
  account: { name: string; email: string; password: string },
): Promise<void> {
  const form = await fetch(new URL('/idp/signup', baseUrl));
  const cookie = form.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const hidden = Object.fromEntries(
    [...(await form.text()).matchAll(/<input[^>]*type="hidden"[^>]*>/g)].map(([input]) => [
      /name="([^"]+)"/.exec(input)?.[1] ?? '',
      /value="([^"]*)"/.exec(input)?.[1] ?? '',
    ]),
  );
  const sent = await fetch(new URL('/idp/signup', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({
      ...hidden,
      displayName: account.name,
      email: account.email,
      password: account.password,
    }).toString(),
  });
  if (sent.status !== 200) throw new Error(`Signing up answered ${sent.status}`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await readOutbox(outbox)).findLast((message) => message.to === account.email);
    const link = mail && /https?:\/\/\S+\/idp\/verify\?token=\S+/.exec(mail.text)?.[0];
    if (link) {
      const verified = await fetch(link);
      if (verified.status !== 200)
        throw new Error(`Confirming the address answered ${verified.status}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`No confirmation mail to ${account.email} in 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
