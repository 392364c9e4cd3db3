import { z } from 'zod';
import { ids } from './ids';
import { PASSAGE_LIMITS as P } from './rules/passages';
import { questionStatuses, questionTypes } from './rules/questions';

const isoDate = z.iso.datetime({ offset: true });

/*
 * Passages (shared stimuli): a text, image or audio that several questions of one bank refer to.
 * A passage has no answer; each save adds a version, and draws carry the newest one, which an
 * exam then keeps for its whole length. See docs/decisions/0018-passages-are-their-own-items.md.
 */

export const passageContent = z.strictObject({
  /** What authors find it by in lists; learners see it above the body. */
  title: z.string().trim().min(1).max(P.titleMax),
  /** Markdown with `$…$` / `$$…$$` KaTeX math and media from the content-delivery base. */
  body: z.string().trim().min(1).max(P.bodyMax),
  /** sha256 hashes of media the body uses. */
  media: z
    .array(z.string().regex(/^[0-9a-f]{64}$/))
    .max(P.mediaMax)
    .default([]),
});
export type PassageContent = z.infer<typeof passageContent>;
export type PassageContentInput = z.input<typeof passageContent>;

export const passageId = z
  .uuid({ error: 'must be a passage id' })
  .meta({ description: 'A passage of a bank; it keeps its id across versions.' });

export const passageParams = z.strictObject({ clientId: ids.client, passageId });
export const passageQuestionParams = z.strictObject({
  clientId: ids.client,
  passageId,
  questionId: ids.question,
});

export const passageSummary = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  title: z.string(),
  currentVersion: z.number().int().positive(),
  revision: z.number().int().positive(),
  questionCount: z.number().int().nonnegative(),
  updatedAt: isoDate,
});
export type PassageSummary = z.infer<typeof passageSummary>;
export const passageList = z.object({ passages: z.array(passageSummary) });
export type PassageList = z.infer<typeof passageList>;

/** A question that refers to the passage, in authored order. */
export const passageQuestion = z.object({
  id: z.uuid(),
  position: z.number().int().positive(),
  status: z.enum(questionStatuses),
  type: z.enum(questionTypes),
  /** The stem's first 200 characters, Markdown as written. */
  excerpt: z.string(),
});
export type PassageQuestion = z.infer<typeof passageQuestion>;

export const passageDetail = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  clientId: z.uuid(),
  currentVersion: z.number().int().positive(),
  /** Grows with every save, attach and detach; send it back when saving. */
  revision: z.number().int().positive(),
  content: passageContent,
  updatedAt: isoDate,
  questions: z.array(passageQuestion),
});
export type PassageDetail = z.infer<typeof passageDetail>;

const examplePassage = {
  title: 'The Nile at Aswan',
  body: 'The Aswan High Dam, finished in 1970, holds back Lake Nasser …',
  media: [],
};
export const passageCreate = z
  .strictObject({ content: passageContent })
  .meta({ examples: [{ content: examplePassage }] });
export const passageSave = z
  .strictObject({ content: passageContent, expectedRevision: z.number().int().positive() })
  .meta({ examples: [{ content: examplePassage, expectedRevision: 3 }] });

/** The passage version a draw carries with its questions. */
export const drawnPassage = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  content: passageContent,
});
export type DrawnPassage = z.infer<typeof drawnPassage>;

/** A passage as a learner sees it above its questions: the version pinned when it was drawn. */
export const learnerPassage = z.object({
  id: z.uuid(),
  version: z.number().int().positive(),
  title: z.string(),
  body: z.string(),
  media: z.array(z.string()),
});
export type LearnerPassage = z.infer<typeof learnerPassage>;

export const toLearnerPassage = (passage: DrawnPassage): LearnerPassage => ({
  id: passage.id,
  version: passage.version,
  title: passage.content.title,
  body: passage.content.body,
  media: passage.content.media,
});
