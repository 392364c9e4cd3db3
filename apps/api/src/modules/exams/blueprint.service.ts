import type { z } from 'zod';
import {
  BLUEPRINT_LIMITS,
  LEARNING,
  type Blueprint,
  type blueprintInput,
  type CatalogBankDetail,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { BlueprintRepository, BlueprintRow } from './blueprint.repository';

type NewBlueprint = z.output<typeof blueprintInput>;
/** A bank as an authoring route names it: within a tenant. */
interface BankRef {
  clientId: string;
  bankId: string;
}

/** Questions in a bank's built-in blueprint, when the bank has that many. */
const DEFAULT_EXAM_QUESTIONS = 20;

export const defaultBlueprint = (
  bank: Pick<CatalogBankDetail, 'id' | 'questionCount'>,
): Blueprint => {
  const count = Math.max(1, Math.min(DEFAULT_EXAM_QUESTIONS, bank.questionCount));
  return {
    id: 'default',
    bankId: bank.id,
    title: 'Mock exam',
    rules: [{ count }],
    questionCount: count,
    timeLimitSeconds: count * LEARNING.examSecondsPerQuestion,
    passMark: BLUEPRINT_LIMITS.defaultPassMark,
    shuffle: true,
    reviewPolicy: 'full',
    isDefault: true,
  };
};

export const blueprintView = (row: BlueprintRow): Blueprint => {
  const questionCount = row.rules.reduce((sum, rule) => sum + rule.count, 0);
  return {
    id: row.id,
    bankId: row.bankId,
    title: row.title,
    rules: row.rules,
    questionCount,
    timeLimitSeconds: row.timeLimitSeconds ?? questionCount * LEARNING.examSecondsPerQuestion,
    passMark: row.passMark,
    shuffle: row.shuffle,
    reviewPolicy: row.reviewPolicy,
    isDefault: false,
  };
};

/**
 * Exam blueprints: every bank's built-in mock exam, and those a tenant's authors define. Learners
 * choose from them; the exam service draws by the one chosen.
 */
export function createBlueprintService(deps: {
  blueprints: BlueprintRepository;
  questionDb: Pick<QuestionDbClient, 'getTenantBank'>;
  auth: Pick<AuthService, 'accessToken'>;
}) {
  /**
   * A blueprint names its bank by id alone, so the id must be one of the tenant's banks: asked of
   * the question database with the author's own token, which answers 404 for a bank of another
   * tenant or one the author may not read, as every other cross-tenant reference does. Asked
   * before any write, so no transaction waits on the call.
   */
  async function requireOwnBank(
    author: AuthContext,
    clientId: string,
    bankId: string,
    requestId: string,
  ) {
    const token = await deps.auth.accessToken(author);
    await deps.questionDb.getTenantBank(token, clientId, bankId, requestId);
  }

  return {
    /** The blueprints a learner may choose from in a bank: the default first. */
    async forBank(bank: CatalogBankDetail): Promise<Blueprint[]> {
      const own = await deps.blueprints.list(bank.clientId, bank.id);
      return [defaultBlueprint(bank), ...own.map(blueprintView)];
    },

    /** One blueprint of a bank, `default` for the built-in one. */
    async find(
      bank: Pick<CatalogBankDetail, 'id' | 'clientId' | 'questionCount'>,
      blueprintId: string,
    ): Promise<Blueprint | undefined> {
      if (blueprintId === 'default') return defaultBlueprint(bank);
      const row = await deps.blueprints.find(bank.clientId, bank.id, blueprintId);
      return row && blueprintView(row);
    },

    /** Whether a bank still offers a blueprint, so an attempt on it can be taken again. */
    async stillOffered(clientId: string, bankId: string, blueprintId: string): Promise<boolean> {
      if (blueprintId === 'default') return true;
      return (await deps.blueprints.find(clientId, bankId, blueprintId)) !== undefined;
    },

    /* Blueprints as authors manage them, within their tenant. */
    async listForAuthor(clientId: string, bankId: string, bank?: CatalogBankDetail) {
      const own = (await deps.blueprints.list(clientId, bankId)).map(blueprintView);
      return bank && bank.clientId === clientId ? [defaultBlueprint(bank), ...own] : own;
    },
    async create(
      author: AuthContext,
      { clientId, bankId }: BankRef,
      input: NewBlueprint,
      requestId: string,
    ) {
      await requireOwnBank(author, clientId, bankId, requestId);
      return blueprintView(await deps.blueprints.create(clientId, bankId, input, author.user.sub));
    },
    async update(
      author: AuthContext,
      { clientId, bankId }: BankRef,
      id: string,
      input: NewBlueprint,
      requestId: string,
    ) {
      await requireOwnBank(author, clientId, bankId, requestId);
      const row = await deps.blueprints.update(clientId, bankId, id, input);
      if (!row) throw new HttpProblem('not_found', { detail: 'There is no such blueprint.' });
      return blueprintView(row);
    },
    async remove(clientId: string, bankId: string, id: string) {
      if (!(await deps.blueprints.remove(clientId, bankId, id))) {
        throw new HttpProblem('not_found', { detail: 'There is no such blueprint.' });
      }
    },
  };
}

export type BlueprintService = ReturnType<typeof createBlueprintService>;
