import { z } from 'zod';
import { PEOPLE_LOOKUP_MAX } from './rules/people';

/** A person as the question database names them: their subject at the identity provider. */
const subject = z.string().min(1).max(200);

/**
 * Subjects asked about at once, comma-separated; each at most once. Bounded, so one request cannot
 * probe a whole directory.
 */
export const peopleQuery = z.strictObject({
  ids: z
    .string()
    .min(1)
    .max(PEOPLE_LOOKUP_MAX * 201)
    .transform((list) => list.split(','))
    .pipe(
      z
        .array(subject)
        .min(1)
        .max(PEOPLE_LOOKUP_MAX)
        .refine((asked) => new Set(asked).size === asked.length, {
          error: 'names a person more than once',
        }),
    )
    .meta({
      description: `Subjects (a version's \`authorId\`), comma-separated; at most ${PEOPLE_LOOKUP_MAX}.`,
      example: 'c1a2b3d4e5f6,9f8e7d6c5b4a',
    }),
});
export type PeopleQuery = z.infer<typeof peopleQuery>;

/** Which of the subjects asked about are members of the tenant. */
export const memberIds = z.object({ userIds: z.array(subject) });
export type MemberIds = z.infer<typeof memberIds>;

export const person = z.object({
  id: subject.meta({ description: 'The subject asked about.' }),
  name: z.string().meta({ description: 'The name they chose to be shown.' }),
});
export type Person = z.infer<typeof person>;

/**
 * The members of a tenant among those asked about, by display name. Anyone else asked about
 * (never a member, a former member, a deleted account) is left out, so the list says nothing
 * about them.
 */
export const personList = z.object({ people: z.array(person) });
export type PersonList = z.infer<typeof personList>;
