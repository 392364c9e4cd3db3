import type { Blueprint, BlueprintInput } from '@questa/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { useMutation } from '../../../../lib/use-mutation';
import { invalidateQueries } from '../../../../lib/use-query';
import { blueprintsKey, blueprintsPath } from './list-blueprints';

export function updateBlueprint(
  clientId: string,
  bankId: string,
  blueprintId: string,
  input: BlueprintInput,
): Promise<Blueprint> {
  return apiRequest<Blueprint>(
    `${blueprintsPath(clientId, bankId)}/${encodeURIComponent(blueprintId)}`,
    { method: 'PUT', body: input },
  );
}

async function updateAndRefetch(
  clientId: string,
  bankId: string,
  blueprintId: string,
  input: BlueprintInput,
) {
  const updated = await updateBlueprint(clientId, bankId, blueprintId, input);
  await invalidateQueries(blueprintsKey(clientId, bankId));
  return updated;
}

export function useUpdateBlueprint() {
  return useMutation(updateAndRefetch);
}
