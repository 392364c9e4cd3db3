import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** Ends the session; `redirectTo` then ends the identity provider's session and comes back. */
export function signOut(): Promise<{ redirectTo: string }> {
  return apiRequest<{ redirectTo: string }>('/auth/logout', { method: 'POST' });
}

export function useSignOut() {
  const mutation = useMutation(signOut);
  const { mutate } = mutation;
  return {
    ...mutation,
    signOut: async () => {
      const outcome = await mutate();
      if (outcome.ok) window.location.assign(outcome.data.redirectTo);
    },
  };
}
