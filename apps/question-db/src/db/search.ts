import { sql } from '@questa/db';
import type { RawBuilder } from 'kysely';
import type { QuestionContent } from '@questa/contracts';
import { QUESTION_DB_SCHEMA } from './tables';

// Raw SQL names functions without the schema the query builder adds to tables, so these name
// the migration's functions in full.
const fn = (name: string) => sql.id(QUESTION_DB_SCHEMA, name);

/** A QuestionContent as a jsonb parameter; both drivers take JSON text for it. */
export const jsonb = (content: QuestionContent): RawBuilder<QuestionContent> =>
  sql<QuestionContent>`${JSON.stringify(content)}::jsonb`;

/** The text-search configuration of a language tag, e.g. `english` for `en-GB`. */
export const searchConfigOf = (language: RawBuilder<unknown> | string) =>
  sql<string>`${fn('search_config')}(${language})`;

/** The weighted tsvector of a question's stem, answers and explanation. */
export const searchDocumentOf = (config: RawBuilder<unknown>, content: RawBuilder<unknown>) =>
  sql<string>`${fn('question_search_document')}(${config}, ${content})`;

/** The searchable text as one string, for headlines. */
export const searchTextOf = (content: RawBuilder<unknown>) =>
  sql<string>`${fn('question_search_text')}(${content})`;
