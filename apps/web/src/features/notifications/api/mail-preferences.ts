import type { MailPreferences } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { setQueryData, useQuery } from '../../../lib/use-query';
import { mailPreferencesKey } from './keys';

export function getMailPreferences(): Promise<MailPreferences> {
  return apiRequest<MailPreferences>('/notifications/preferences');
}

export function useMailPreferences() {
  return useQuery(mailPreferencesKey, getMailPreferences);
}

async function chooseMail(mail: Partial<MailPreferences['mail']>): Promise<MailPreferences> {
  const saved = await apiRequest<MailPreferences>('/notifications/preferences', {
    method: 'PUT',
    body: { mail },
  });
  setQueryData(mailPreferencesKey, saved);
  return saved;
}

export function useChooseMail() {
  return useMutation(chooseMail);
}
