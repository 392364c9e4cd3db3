import { request } from 'node:http';
import path from 'node:path';
import { readOutbox } from '@questa/mail';

interface Answer {
  status: number;
  location: string | null;
  text: string;
}

/**
 * A browser without a browser, on one loopback address (127.0.0.x): it keeps cookies and does not
 * follow redirects. The identity provider limits sign-ins and sign-ups to ten a minute per
 * address, as the product says; a bench signing up many learners spreads them over addresses,
 * as many people at their own computers would be.
 */
function loopbackBrowser(baseUrl: string, localAddress: string) {
  const origin = new URL(baseUrl);
  const jar = new Map<string, string>();

  const send = (url: string, init: { method?: string; form?: Record<string, string> } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const target = new URL(url, baseUrl);
      const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
      const call = request(
        {
          // The server answers on 127.0.0.1; `localhost` might resolve to ::1, which a 127.0.0.x
          // source cannot reach. The Host header keeps the origin the pages and cookies expect.
          host: '127.0.0.1',
          port: target.port || origin.port,
          path: `${target.pathname}${target.search}`,
          method: init.method ?? 'GET',
          localAddress,
          headers: {
            host: target.host,
            cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
            ...(body && {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': String(Buffer.byteLength(body)),
            }),
          },
        },
        (response) => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const index = pair.indexOf('=');
            jar.set(pair.slice(0, index), pair.slice(index + 1));
          }
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              location: response.headers.location ?? null,
              text,
            }),
          );
        },
      );
      call.on('error', reject);
      call.end(body);
    });

  /** Follows redirects from `answer` until a page answers; returns it. */
  async function follow(answer: Answer, hops = 6): Promise<Answer> {
    let current = answer;
    for (let hop = 0; hop < hops && current.location; hop++) current = await send(current.location);
    return current;
  }

  /** The session cookie as `name=value`, once the callback has set it. */
  const session = () => {
    const found = [...jar].find(([name, value]) => name.endsWith('questa_session') && value);
    return found && `${found[0]}=${found[1]}`;
  };

  return { send, follow, session };
}

const formField = (page: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1];

/**
 * Signs up `count` learners at the embedded identity provider, confirms each email from the
 * outbox in the data folder, signs each in, and returns their session cookies (`name=value`).
 */
export async function signUpLearners(options: {
  baseUrl: string;
  dataDir: string;
  count: number;
  prefix: string;
}): Promise<{ email: string; cookie: string }[]> {
  const outbox = path.join(options.dataDir, 'outbox');
  const password = 'a long enough bench passphrase';
  const learners: { email: string; cookie: string }[] = [];
  for (let n = 0; n < options.count; n++) {
    // Four learners per address keeps each under the limit of ten sign-ins a minute.
    const browser = loopbackBrowser(options.baseUrl, `127.0.0.${10 + Math.floor(n / 4)}`);
    const email = `${options.prefix}-${n}@bench.questa.test`;

    const form = await browser.send('/idp/signup');
    const csrf = formField(form.text, 'csrf');
    if (!csrf) throw new Error(`The sign-up page showed no form (${form.status})`);
    const created = await browser.send('/idp/signup', {
      method: 'POST',
      form: { csrf, displayName: `Bench learner ${n}`, email, password },
    });
    if (created.status !== 200) throw new Error(`Sign-up of ${email} answered ${created.status}`);
    const mail = (await readOutbox(outbox)).filter((message) => message.to === email).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/idp\/verify\?token=\S+/)?.[0];
    if (!link) throw new Error(`No confirmation mail for ${email}`);
    await browser.send(link);

    const page = await browser.follow(await browser.send('/api/auth/login'));
    const action = /<form method="post" action="([^"]+\/login)"/.exec(page.text)?.[1];
    if (!action) throw new Error('The identity provider did not show its sign-in form');
    await browser.follow(await browser.send(action, { method: 'POST', form: { email, password } }));
    const cookie = browser.session();
    if (!cookie) throw new Error(`Signing in as ${email} did not open a session`);
    learners.push({ email, cookie });
  }
  return learners;
}
