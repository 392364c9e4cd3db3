import type { unsubscribeResult } from '@questa/contracts';
import { apiRequest, type Parsed } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

export function unsubscribe(token: string) {
  return apiRequest<Parsed<typeof unsubscribeResult>>('/notifications/unsubscribe', {
    method: 'POST',
    body: { token },
  });
}

export function useUnsubscribe() {
  return useMutation(unsubscribe);
}
