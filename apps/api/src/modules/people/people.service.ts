import type { PersonList } from '@questa/contracts';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { UserRepository } from '../users/user.repository';

/**
 * Names for the people a tenant's records point at (authors of question versions). The question
 * database says who belongs to the tenant, deciding with the caller's own token; names come only
 * for those, so a member cannot learn anything about anyone outside their tenant.
 */
export function createPeopleService(deps: {
  users: Pick<UserRepository, 'displayNamesBySub'>;
  auth: Pick<AuthService, 'accessToken'>;
  questionDb: Pick<QuestionDbClient, 'memberIdsAmong'>;
}) {
  return {
    async inTenant(
      context: AuthContext,
      clientId: string,
      subs: readonly string[],
      requestId: string,
    ): Promise<PersonList> {
      const token = await deps.auth.accessToken(context);
      const members = await deps.questionDb.memberIdsAmong(token, clientId, subs, requestId);
      const named = await deps.users.displayNamesBySub(members);
      return { people: named.map(({ sub, name }) => ({ id: sub, name })) };
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
