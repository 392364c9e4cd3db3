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
