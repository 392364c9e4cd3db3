import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** Ends every session of the user, this one included. */
export function signOutEverywhere(): Promise<{ redirectTo: string }> {
  return apiRequest<{ redirectTo: string }>('/account/sign-out-everywhere', { method: 'POST' });
}

export function useSignOutEverywhere() {
  const mutation = useMutation(signOutEverywhere);
  const { mutate } = mutation;
  return {
    ...mutation,
    signOutEverywhere: async () => {
      const outcome = await mutate();
      if (outcome.ok) window.location.assign(outcome.data.redirectTo);
    },
  };
}
