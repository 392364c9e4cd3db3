import { WORKSPACE_LIMIT_CEILING } from '@questa/contracts/rules';
import { createLimitRepository } from '../limits/limit.repository';
import { createHash } from 'node:crypto';
import {
  DEMO_CONTENT_AUTHOR,
  questionContent,
  passageContent,
  type BankVisibility,
  type PassageContentInput,
  type QuestionContentInput,
} from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { createBankRepository } from '../banks/bank.repository';
import { createMediaRepository } from '../media/media.repository';
import type { MediaStore } from '../media/media-store';
import { insertPassage, passageWrites } from '../passages/passage.repository';
import { createQuestionRepository } from '../questions/question.repository';
import { createTenantRepository } from '../tenants/tenant.repository';

/** A tenant with its banks, questions and images, as the demo content generator produces it. */
export interface SeedContent {
  tenant: { slug: string; name: string };
  media: { key: string; contentType: string; body: string; width: number; height: number }[];
  banks: {
    slug: string;
    title: string;
    description: string;
    language: string;
    visibility: BankVisibility;
    tags: string[];
    /** Stems refer to images as `media:KEY`, KEY listed in `mediaKeys`. */
    questions: { content: QuestionContentInput; mediaKeys: string[]; passageKey?: string }[];
    /** Passages the bank's questions name by `passageKey`; a group keeps the questions' order. */
    passages?: { key: string; content: PassageContentInput }[];
  }[];
}

/**
 * Writes the demo tenant, its banks, questions and images once. It runs in one transaction and
 * does nothing when the demo tenant already exists, so restarts never duplicate or overwrite.
 */
export async function seedDemoContent(
  db: QuestionDb,
  store: MediaStore,
  content: SeedContent,
): Promise<{ seeded: boolean; questions: number }> {
  return db.transaction().execute(async (trx) => {
    const clients = createTenantRepository(trx);
    if (await clients.findBySlug(content.tenant.slug)) return { seeded: false, questions: 0 };
    const client = await clients.create(content.tenant);
    // Questa's own showcase, shared by everyone trying roles in it, is not a free workspace.
    await createLimitRepository(trx).raise(client.id, {
      members: WORKSPACE_LIMIT_CEILING,
      banks: WORKSPACE_LIMIT_CEILING,
      questions: WORKSPACE_LIMIT_CEILING,
    });

    const media = createMediaRepository(trx);
    const hashOfKey = new Map<string, string>();
    for (const item of content.media) {
      const body = Buffer.from(item.body, 'utf8');
      const sha256 = createHash('sha256').update(body).digest('hex');
      await store.put(sha256, body, item.contentType);
      await media.record({
        clientId: client.id,
        sha256,
        contentType: item.contentType,
        bytes: body.length,
        width: item.width,
        height: item.height,
      });
      hashOfKey.set(item.key, sha256);
    }

    const banks = createBankRepository(trx);
    const questions = createQuestionRepository(trx);
    let count = 0;
    for (const { questions: demoQuestions, passages = [], ...bank } of content.banks) {
      const created = await banks.create(client.id, bank);
      const contents = demoQuestions.map(({ content: input, mediaKeys }) => {
        const hashes = mediaKeys.map((key) => {
          const hash = hashOfKey.get(key);
          if (!hash) throw new Error(`Demo question refers to unknown media ${key}`);
          return hash;
        });
        // Stems name media by hash (`media:<sha256>`); clients resolve it against their CDN base.
        const stem = mediaKeys.reduce(
          (text, key, index) => text.replaceAll(`media:${key}`, `media:${hashes[index]}`),
          input.stem,
        );
        return questionContent.parse({ ...input, stem, media: hashes });
      });
      const ids = await questions.insertMany(
        client.id,
        created.id,
        contents.map((parsed) => ({ content: parsed, status: 'published' })),
        DEMO_CONTENT_AUTHOR,
      );
      const passageIds = new Map<string, string>();
      for (const passage of passages) {
        const parsed = passageContent.parse(passage.content);
        const id = await insertPassage(trx, client.id, created.id, parsed, DEMO_CONTENT_AUTHOR);
        passageIds.set(passage.key, id);
      }
      const writes = passageWrites(trx);
      for (const [index, { passageKey }] of demoQuestions.entries()) {
        if (passageKey === undefined) continue;
        const passageId = passageIds.get(passageKey);
        if (!passageId) throw new Error(`Demo question refers to unknown passage ${passageKey}`);
        await writes.attach(passageId, ids![index]!);
      }
      count += contents.length;
    }
    return { seeded: true, questions: count };
  });
}
