import type { Blueprint, BlueprintInput } from '@questa/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { useMutation } from '../../../../lib/use-mutation';
import { invalidateQueries } from '../../../../lib/use-query';
import { blueprintsKey, blueprintsPath } from './list-blueprints';

export function createBlueprint(
  clientId: string,
  bankId: string,
  input: BlueprintInput,
): Promise<Blueprint> {
  return apiRequest<Blueprint>(blueprintsPath(clientId, bankId), { method: 'POST', body: input });
}

async function createAndRefetch(clientId: string, bankId: string, input: BlueprintInput) {
  const created = await createBlueprint(clientId, bankId, input);
  await invalidateQueries(blueprintsKey(clientId, bankId));
  return created;
}

export function useCreateBlueprint() {
  return useMutation(createAndRefetch);
}
