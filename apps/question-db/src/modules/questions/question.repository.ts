import type { QuestionContent } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';

export function createQuestionRepository(db: QuestionDb) {
  return {
    /**
     * Adds questions whose first version is already published, in two statements however many
     * there are. Used for imports that skip review and for seeding.
     */
    async insertPublished(bankId: string, contents: QuestionContent[], authorId: string) {
      if (contents.length === 0) return [];
      const questions = await db
        .insertInto('questions')
        .values(contents.map(() => ({ bank_id: bankId, current_version: 1, published_version: 1 })))
        .returning('id')
        .execute();
      await db
        .insertInto('question_versions')
        .values(
          contents.map((content, index) => ({
            question_id: questions[index]!.id,
            version: 1,
            status: 'published' as const,
            type: content.type,
            content: JSON.stringify(content) as unknown as QuestionContent,
            topic: content.topic,
            tags: content.tags,
            difficulty: content.difficulty,
            author_id: authorId,
          })),
        )
        .execute();
      return questions.map((question) => question.id);
    },
  };
}

export type QuestionRepository = ReturnType<typeof createQuestionRepository>;
