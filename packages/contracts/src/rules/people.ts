/** The most people one look-up of names may ask for: a question's history names a few authors. */
export const PEOPLE_LOOKUP_MAX = 50;

/**
 * The author the question database records for demo content written on first start: no person,
 * so nobody should read it as a former member.
 */
export const DEMO_CONTENT_AUTHOR = 'questa-demo-content';

/** The subject a question database principal writes under when it is not a person. */
export const apiKeySubject = (credentialId: string) => `credential:${credentialId}`;
export const serviceSubject = (clientId: string) => `service:${clientId}`;

export type AuthorKind = 'person' | 'api_key' | 'service' | 'demo';

/** What kind of author a recorded author id is; only a person has a name to look up. */
export function authorKind(authorId: string): AuthorKind {
  if (authorId === DEMO_CONTENT_AUTHOR) return 'demo';
  if (authorId.startsWith(apiKeySubject(''))) return 'api_key';
  if (authorId.startsWith(serviceSubject(''))) return 'service';
  return 'person';
}
