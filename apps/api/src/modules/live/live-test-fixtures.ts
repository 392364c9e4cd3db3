import type { BankVisibility, QuestionContentInput, QuestionDetail } from '@questa/contracts';
import type { LearningApi } from '../learning/learning-test-kit';

/*
 * Test-only: the banks the live-room integration tests host from, and an author's own calls to the
 * question database beside the main API (what the studio would do) to write a draft or find every
 * question's id, published or not.
 */

/** Three live-suitable questions and one matching question, which live rooms cannot ask. */
export const riverQuestions: QuestionContentInput[] = [
  {
    type: 'single_choice',
    stem: 'Which river flows through Cairo?',
    topic: 'Africa',
    difficulty: 1,
    options: [
      { id: 'a', text: 'The Nile', correct: true },
      { id: 'b', text: 'The Congo', correct: false },
    ],
  },
  {
    type: 'true_false',
    stem: 'The Danube flows through Vienna.',
    topic: 'Europe',
    difficulty: 1,
    answer: true,
  },
  {
    type: 'short_text',
    stem: 'Which river flows through Paris?',
    topic: 'Europe',
    difficulty: 2,
    accepted: ['Seine'],
  },
  {
    type: 'matching',
    stem: 'Match each river to its sea.',
    topic: 'Europe',
    difficulty: 3,
    pairs: [
      { id: 'r', prompt: 'Rhine', answer: 'North Sea' },
      { id: 'd', prompt: 'Danube', answer: 'Black Sea' },
    ],
  },
];

/** A bank for `seedDemoContent`, its questions published. */
export const seededBank = (
  slug: string,
  title: string,
  visibility: BankVisibility,
  questions: QuestionContentInput[],
) => ({
  slug,
  title,
  description: '',
  language: 'en',
  visibility,
  tags: [],
  questions: questions.map((content) => ({ mediaKeys: [], content })),
});

/** The question database as an author of the tenant sees it, with a token of their own. */
export async function asAuthor(kit: LearningApi, sub: string, clientId: string) {
  const headers = {
    authorization: `Bearer ${await kit.beside.issuer.sign({ sub })}`,
    'content-type': 'application/json',
  };
  return {
    /** Starts a draft true/false question in the bank and answers its id. */
    async writeDraft(bankId: string, stem: string): Promise<string> {
      const response = await fetch(
        `${kit.beside.url}/clients/${clientId}/banks/${bankId}/questions`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            content: { type: 'true_false', stem, topic: 'Europe', difficulty: 2, answer: false },
          }),
        },
      );
      if (response.status !== 201) throw new Error(`draft refused: ${await response.text()}`);
      return ((await response.json()) as QuestionDetail).id;
    },
    /** Every question of the bank, drafts too, by its excerpt. */
    async idsByExcerpt(bankId: string): Promise<Map<string, string>> {
      const response = await fetch(
        `${kit.beside.url}/clients/${clientId}/questions?bankId=${bankId}`,
        { headers },
      );
      const { questions } = (await response.json()) as {
        questions: { id: string; excerpt: string }[];
      };
      return new Map(questions.map((question) => [question.excerpt, question.id]));
    },
  };
}
