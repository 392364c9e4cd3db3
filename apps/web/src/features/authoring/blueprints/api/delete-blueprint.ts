import { apiRequest } from '../../../../lib/api-client';
import { useMutation } from '../../../../lib/use-mutation';
import { invalidateQueries } from '../../../../lib/use-query';
import { blueprintsKey, blueprintsPath } from './list-blueprints';

export function deleteBlueprint(clientId: string, bankId: string, blueprintId: string) {
  return apiRequest<void>(
    `${blueprintsPath(clientId, bankId)}/${encodeURIComponent(blueprintId)}`,
    { method: 'DELETE' },
  );
}

async function deleteAndRefetch(clientId: string, bankId: string, blueprintId: string) {
  await deleteBlueprint(clientId, bankId, blueprintId);
  await invalidateQueries(blueprintsKey(clientId, bankId));
}

export function useDeleteBlueprint() {
  return useMutation(deleteAndRefetch);
}
