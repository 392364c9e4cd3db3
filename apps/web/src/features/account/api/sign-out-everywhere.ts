import { apiRequest } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useMutation } from '../../../lib/use-mutation';

/** Ends every session of the user, this one included; the provider's page speaks `locale`. */
export function signOutEverywhere(locale: string): Promise<{ redirectTo: string }> {
  return apiRequest<{ redirectTo: string }>(
    `/account/sign-out-everywhere?${new URLSearchParams({ locale })}`,
    { method: 'POST' },
  );
}

export function useSignOutEverywhere() {
  const { locale } = useI18n();
  const mutation = useMutation(signOutEverywhere);
  const { mutate } = mutation;
  return {
    ...mutation,
    signOutEverywhere: async () => {
      const outcome = await mutate(locale);
      if (outcome.ok) window.location.assign(outcome.data.redirectTo);
    },
  };
}
