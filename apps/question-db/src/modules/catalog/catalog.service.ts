import type {
  CatalogBankDetail,
  CatalogList,
  CatalogQuery,
  CatalogQuestionLookupResult,
  CatalogQuestionQuery,
  QuestionList,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { QuestionListService } from '../questions/question-list.service';
import type { DrawRepository } from '../draw/draw.repository';
import type { CatalogRepository } from './catalog.repository';

// Private banks answer exactly like missing ones so their ids cannot be probed.
const notInCatalog = () =>
  new HttpProblem('not_found', { detail: 'There is no such bank in the catalog.' });
// A public bank's existence is no secret, so its author's learners may be told why it is missing.
const emptyBank = () =>
  new HttpProblem('not_found', {
    detail: 'This bank has no published questions yet, so it is not in the catalog.',
  });

/**
 * The public face of the question database: banks anyone may discover, public or premium, and
 * their published questions for a trusted service that lets someone choose among them.
 */
export function createCatalogService(deps: {
  catalog: CatalogRepository;
  questions: Pick<QuestionListService, 'page'>;
  draws: Pick<DrawRepository, 'passages'>;
}) {
  const { catalog } = deps;
  return {
    async list(query: CatalogQuery): Promise<CatalogList> {
      const [page, facets] = await Promise.all([catalog.listBanks(query), catalog.facets()]);
      return { ...page, page: query.page, pageSize: query.pageSize, ...facets };
    },

    async get(bankId: string): Promise<CatalogBankDetail> {
      const bank = await catalog.findBank(bankId);
      if (!bank) throw (await catalog.isListed(bankId)) ? emptyBank() : notInCatalog();
      return { ...bank, ...(await catalog.publishedBreakdown(bankId)) };
    },

    /**
     * The bank's questions whose current version is the published one, of the types asked. A
     * question with a newer version in the works is left out until that is published, so no
     * line of a draft (its stem, or a search word only it holds) ever shows.
     */
    async listQuestions(bankId: string, query: CatalogQuestionQuery): Promise<QuestionList> {
      const clientId = await catalog.tenantOfListed(bankId);
      if (clientId === undefined) throw notInCatalog();
      return deps.questions.page(
        { clientId, bankId, types: query.types, status: 'published', includePrivateBanks: false },
        query,
      );
    },

    /** The published versions of the questions asked for, in the order asked. */
    async lookup(
      bankId: string,
      questionIds: readonly string[],
    ): Promise<CatalogQuestionLookupResult> {
      if (!(await catalog.isListed(bankId))) throw notInCatalog();
      const rows = await catalog.publishedVersions(bankId, questionIds);
      const found = new Map(rows.map((row) => [row.questionId, row]));
      // A chosen question of a group is read with its passage, as a drawn one is.
      const passageIds = rows.flatMap((row) => (row.passageId ? [row.passageId] : []));
      return {
        questions: questionIds.flatMap((id) => {
          const row = found.get(id);
          return row ? [{ ...row, passagePosition: row.passagePosition ?? undefined }] : [];
        }),
        passages: await deps.draws.passages(passageIds),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
