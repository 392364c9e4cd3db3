import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

interface StoredCookie {
  value: string;
  path: string;
}

export interface HtmlForm {
  action: string;
  method: string;
  fields: Record<string, string>;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
};

/** Every form on a page with its action and the values its inputs would submit. */
export function formsOf(page: string): HtmlForm[] {
  return [...page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, tag, inner]) => {
    const fields: Record<string, string> = {};
    for (const [input] of inner!.matchAll(/<input\b[^>]*>/g)) {
      const name = attribute(input, 'name');
      if (name) fields[name] = attribute(input, 'value') ?? '';
    }
    return {
      action: attribute(tag!, 'action') ?? '',
      method: (attribute(tag!, 'method') ?? 'get').toLowerCase(),
      fields,
    };
  });
}

/** The form that posts to an action ending in `actionSuffix`. */
export function formFor(page: string, actionSuffix: string): HtmlForm {
  const form = formsOf(page).find((candidate) =>
    new URL(candidate.action, 'http://x').pathname.endsWith(actionSuffix),
  );
  if (!form) throw new Error(`No form posting to …${actionSuffix} on this page:\n${page}`);
  return form;
}

/**
 * A tiny browser over `inject`: keeps cookies by path, sends the Host the issuer names, and
 * follows redirects within the app by hand.
 */
export class Browser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly origin: string,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  private cookieHeader(path: string): string | undefined {
    const pairs = [...this.cookies.entries()]
      .filter(
        ([, cookie]) => path === cookie.path || path.startsWith(cookie.path.replace(/\/?$/, '/')),
      )
      .map(([key, cookie]) => `${key.split('\n')[0]}=${cookie.value}`);
    return pairs.length > 0 ? pairs.join('; ') : undefined;
  }

  private remember(response: LightMyRequestResponse) {
    const header = response.headers['set-cookie'];
    for (const line of header === undefined ? [] : Array.isArray(header) ? header : [header]) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator);
      const value = pair!.slice(separator + 1);
      const options = new Map(
        attributes.map((attr) => {
          const [key, ...rest] = attr.split('=');
          return [key!.toLowerCase(), rest.join('=')] as const;
        }),
      );
      const path = options.get('path') || '/';
      const expires = options.get('expires');
      const gone =
        value === '' ||
        options.get('max-age') === '0' ||
        (expires !== undefined && new Date(expires).getTime() < Date.now());
      const key = `${name}\n${path}`;
      if (gone) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    options: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const target = new URL(url, this.origin);
    const cookie = this.cookieHeader(target.pathname);
    const response = await this.app.inject({
      method,
      url: target.pathname + target.search,
      remoteAddress: this.remoteAddress,
      headers: {
        host: target.host,
        ...(cookie ? { cookie } : {}),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
    this.remember(response);
    return response;
  }

  get(url: string) {
    return this.request('GET', url);
  }

  /** Submits a form as a browser would: its own values, overridden by `values`. */
  submit(form: HtmlForm, values: Record<string, string> = {}) {
    return this.request(form.method === 'post' ? 'POST' : 'GET', form.action, {
      form: { ...form.fields, ...values },
    });
  }

  /** Follows redirects while they stay on this origin; returns the last response and its URL. */
  async follow(
    response: LightMyRequestResponse,
  ): Promise<{ response: LightMyRequestResponse; location: string | undefined }> {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.location;
      if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string') {
        return { response: current, location: undefined };
      }
      const next = new URL(location, this.origin);
      if (next.origin !== new URL(this.origin).origin)
        return { response: current, location: next.href };
      current = await this.get(next.href);
    }
    throw new Error('Too many redirects');
  }
}
