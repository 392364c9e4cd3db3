import type { Membership } from '@questa/contracts';

/** What the signed-in user may do in one tenant, as the policy answers it. */
export interface TenantAccess {
  membership: Membership;
  /** The signed-in person's subject, as versions name their writer. */
  userSub: string;
  /** `question:write`: create banks and questions, edit, submit for review, import. */
  canWrite: boolean;
  /** `question:publish`: publish, retire and send back questions in review. */
  canPublish: boolean;
  /** `member:manage`: the tenant's members and its publishing rule. */
  canManageMembers: boolean;
  /** `credential:manage`: the tenant's API keys. */
  canManageKeys: boolean;
  /** `answer:grade`: the grading queue of essays from exams on the tenant's banks. */
  canGrade: boolean;
}
