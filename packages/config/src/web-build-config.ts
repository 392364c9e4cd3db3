import { z } from 'zod';
import { parseEnv, type Env } from './env.ts';

const endsWith = (suffix: string) =>
  z
    .string()
    .refine((value) => value.replace(/\/+$/, '').endsWith(suffix), {
      error: `must end in ${suffix}`,
    })
    .transform((value) => value.replace(/\/+$/, ''));

const schema = z.object({
  QUESTA_WEB_API_BASE: endsWith('/api').default('/api'),
  QUESTA_WEB_QDB_BASE: endsWith('/api/v1/clients').default('/qdb/api/v1/clients'),
  QUESTA_WEB_DEV_API_BASE: endsWith('/api').default('/api'),
  QUESTA_WEB_CDN_BASE: z
    .string()
    .default('/cdn')
    .transform((value) => value.replace(/\/+$/, '')),
  QUESTA_WEB_PAYMENT_CLIENT_ID: z
    .string()
    .refine((value) => !/^(sk|rk)_/.test(value), {
      error: 'must be the publishable identifier, never a secret key',
    })
    .default('pk_sandbox_questa'),
  QUESTA_WEB_DEV_PROXY: z
    .url({ error: 'must be an absolute URL' })
    .default('http://localhost:8080'),
});

/** The five settings baked into the web client at build time, plus where the dev server proxies. */
export interface WebBuildConfig {
  apiBase: string;
  questionDbBase: string;
  devApiBase: string;
  cdnBase: string;
  paymentClientId: string;
  devProxyTarget: string;
}

export function loadWebBuildConfig(env: Env = process.env): WebBuildConfig {
  const raw = parseEnv(schema, env);
  return {
    apiBase: raw.QUESTA_WEB_API_BASE,
    questionDbBase: raw.QUESTA_WEB_QDB_BASE,
    devApiBase: raw.QUESTA_WEB_DEV_API_BASE,
    cdnBase: raw.QUESTA_WEB_CDN_BASE,
    paymentClientId: raw.QUESTA_WEB_PAYMENT_CLIENT_ID,
    devProxyTarget: raw.QUESTA_WEB_DEV_PROXY,
  };
}
