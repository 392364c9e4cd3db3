import type { SessionInfo } from '@questa/contracts';
import { apiGet, isApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';
import { invalidateQueries, useQuery } from '../../../lib/use-query';

export { sessionQueryKey };

const signedOut: SessionInfo = {
  user: null,
  memberships: [],
  entitlements: { premium: false, host: false },
};

/** Who is signed in. The session cookie is HttpOnly, so asking the server is the only way to know. */
export async function getSession(): Promise<SessionInfo> {
  try {
    return await apiGet<SessionInfo>('/session');
  } catch (error) {
    // A session that ended on the server may be reported as a 401; either way nobody is signed in.
    if (isApiError(error) && error.code === 'auth.required') return signedOut;
    throw error;
  }
}

/** The header, the route guards and the pages share this one cached request. */
export function useSession() {
  return useQuery(sessionQueryKey, getSession);
}

/** Asks again after a change to the user's own roles or memberships, so navigation follows it. */
export function refetchSession(): Promise<void> {
  return invalidateQueries(sessionQueryKey);
}
