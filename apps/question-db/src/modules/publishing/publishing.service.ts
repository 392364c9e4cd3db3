import type { PublishingSettings } from '@questa/contracts';
import type { PublishingAbility, PublishRefusal } from '@questa/contracts/rules';
import { HttpProblem } from '@questa/http-kit';
import { can, type Principal } from '@questa/policy';
import type { PublishingRepository } from './publishing.repository';

const noSuchTenant = () => new HttpProblem('not_found', { detail: 'There is no such tenant.' });

/** What stands in the way of a refused publish or retire, and who can do it instead. */
export function refusalDetail(action: 'publish' | 'retire', refusal: PublishRefusal): string {
  if (refusal === 'own_version') {
    return (
      'Publishing in this tenant needs a second person, and you wrote this version: another ' +
      'reviewer or owner of the tenant publishes it.'
    );
  }
  return (
    `Your role does not allow ${action} here: in this tenant, ${
      action === 'publish' ? 'publishing' : 'retiring'
    } is for its reviewers and owners (question:publish), or for its authors too when ` +
    'publishing needs no second person.'
  );
}

/** The problem a refusal is sent as; clients switch on its code. */
export const refusalProblem = (action: 'publish' | 'retire', refusal: PublishRefusal) =>
  new HttpProblem(refusal === 'own_version' ? 'publishing.second_person' : 'auth.forbidden', {
    detail: refusalDetail(action, refusal),
  });

export function createPublishingService(deps: { publishing: PublishingRepository }) {
  async function settings(clientId: string): Promise<PublishingSettings> {
    const found = await deps.publishing.find(clientId);
    if (!found) throw noSuchTenant();
    return found;
  }

  return {
    settings,

    async choose(clientId: string, secondPerson: boolean): Promise<PublishingSettings> {
      if (!(await deps.publishing.choose(clientId, secondPerson))) throw noSuchTenant();
      return settings(clientId);
    },

    /** What a principal may do with the tenant's questions under its setting. */
    async abilityOf(principal: Principal, clientId: string): Promise<PublishingAbility> {
      const { secondPerson } = await settings(clientId);
      return {
        secondPerson,
        canWrite: can(principal, 'question:write', clientId),
        canPublish: can(principal, 'question:publish', clientId),
      };
    },
  };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
