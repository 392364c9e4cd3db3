import { apiRequest } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useMutation } from '../../../lib/use-mutation';

/**
 * Ends the session; `redirectTo` then ends the identity provider's session and comes back. The
 * provider's sign-out page speaks `locale`, the app's language.
 */
export function signOut(locale: string): Promise<{ redirectTo: string }> {
  return apiRequest<{ redirectTo: string }>(`/auth/logout?${new URLSearchParams({ locale })}`, {
    method: 'POST',
  });
}

export function useSignOut() {
  const { locale } = useI18n();
  const mutation = useMutation(signOut);
  const { mutate } = mutation;
  return {
    ...mutation,
    signOut: async () => {
      const outcome = await mutate(locale);
      if (outcome.ok) window.location.assign(outcome.data.redirectTo);
    },
  };
}
