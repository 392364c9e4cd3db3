/**
 * Who may publish and retire a tenant's questions. The owner chooses whether publishing needs a
 * second person's review (docs/decisions/0024-publishing-needs-a-second-person-by-team-size.md,
 * amended); a new workspace starts without, so its owner publishes directly:
 *
 * - with a second person, only those who review (`question:publish`) publish or retire, and never
 *   a version they wrote themselves, so every published version was read by two people;
 * - without one, whoever writes questions publishes them too, straight from a draft: a teacher
 *   on their own is never stuck waiting for a reviewer who does not exist.
 */

/** Why publishing or retiring is refused; the client says each in words, with who can do it. */
export const PUBLISH_REFUSALS = ['role', 'own_version'] as const;
export type PublishRefusal = (typeof PUBLISH_REFUSALS)[number];

export interface PublishingAbility {
  /** Whether the tenant's publishing needs a second person (its choice, or the default). */
  secondPerson: boolean;
  /** Holds `question:write` in the tenant. */
  canWrite: boolean;
  /** Holds `question:publish` in the tenant. */
  canPublish: boolean;
}

/** Why this person may not publish this version, or null when they may. */
export function publishRefusal(
  ability: PublishingAbility,
  /** The person asking wrote the version to be published. */
  wroteVersion: boolean,
): PublishRefusal | null {
  if (!ability.secondPerson) return ability.canWrite || ability.canPublish ? null : 'role';
  if (!ability.canPublish) return 'role';
  return wroteVersion ? 'own_version' : null;
}

/** Why this person may not retire a published version, or null when they may. */
export function retireRefusal(ability: PublishingAbility): PublishRefusal | null {
  return publishRefusal(ability, false);
}

/**
 * Whether a draft may be published in one step (submitted and published at once): by whoever
 * may both submit and publish. With a second person that still takes two people, as the draft's
 * writer may not publish it.
 */
export const publishesDrafts = (ability: PublishingAbility): boolean =>
  ability.canWrite && publishRefusal(ability, false) === null;
