import type { ProblemCode } from '@questa/contracts';
import type { ApiError } from '../../lib/api-client';
import type { Translate } from '../../lib/i18n';

/**
 * The sentence for a problem code. Typing the key as `problem.${ProblemCode}` makes a code without a
 * message a compile error; the runtime check covers a server newer than this client.
 */
export function problemMessage(t: Translate, error: Pick<ApiError, 'code'>): string {
  const key: `problem.${ProblemCode}` = `problem.${error.code}`;
  return t.has(key) ? t(key) : t('problem.internal');
}

/** Problems whose way out is premium: their sentence comes with a link to the plans. */
export const problemNeedsPremium = (error: Pick<ApiError, 'code'>): boolean =>
  error.code === 'payment.required' || error.code === 'quota.exceeded';
