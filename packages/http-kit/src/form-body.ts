import type { FastifyInstance } from 'fastify';

export type FormBody = Record<string, string | undefined>;

/** Parses HTML form posts into plain strings (the first value of a repeated field wins). */
export function acceptFormPosts(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      const form: FormBody = {};
      for (const [key, value] of new URLSearchParams(body as string)) form[key] ??= value;
      done(null, form);
    },
  );
}

export const formValue = (body: unknown, name: string): string => {
  const value = (body as FormBody | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};
