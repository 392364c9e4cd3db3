import type { z } from 'zod';
import type { drawRequest, drawResult } from '@questa/contracts';
import { keepPassagesTogether } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { Principal } from '@questa/policy';
import { mayReadBank, noSuchBank } from '../banks/bank-access';
import type { BankRepository } from '../banks/bank.repository';
import type { CatalogRepository } from '../catalog/catalog.repository';
import type { DrawPool, DrawRepository, DrawnVersion } from './draw.repository';
import { seededRandom } from './seeded-random';

type DrawRequest = z.infer<typeof drawRequest>;
type DrawResult = z.infer<typeof drawResult>;

/** How many of the filters a rule leaves open: 0 for topic and difficulty, 2 for neither. */
const breadth = (rule: DrawRequest['rules'][number]) =>
  Number(rule.topic === undefined) + Number(rule.difficulty === undefined);

/**
 * Draws without reading the pool: each version carries a random sample key, and every probe
 * takes the first version at or after a random point, one index descent. A question's chance is
 * the gap before its key, close to even across a large pool; a quarter more probes than wanted
 * make up for repeats, and a sweep from one more random point (wrapping round) takes what a
 * small pool has left. Sorting the pool by random() would read every published question of the
 * bank on every draw.
 */
export function createDrawService(deps: {
  draws: DrawRepository;
  banks: Pick<BankRepository, 'standing'>;
  catalog: Pick<CatalogRepository, 'isListed'>;
}) {
  const { draws } = deps;

  async function drawFrom(
    pool: DrawPool,
    count: number,
    taken: Set<string>,
    random: () => number,
    /** False when the bank has no passage, so no question can bring a group. */
    grouped: boolean,
  ): Promise<DrawnVersion[]> {
    const picked: DrawnVersion[] = [];
    const takeOne = (candidate: DrawnVersion) => {
      if (picked.length === count || taken.has(candidate.questionId)) return;
      taken.add(candidate.questionId);
      picked.push(candidate);
    };
    if (pool.passageId !== undefined) {
      // One passage's questions come in their authored order, not at random.
      const group = await draws.members(pool, [pool.passageId], [...taken]);
      for (const member of group.get(pool.passageId) ?? []) takeOne(member);
      return picked;
    }
    // A question that refers to a passage brings its group, in authored order. A group that fits
    // the rule but not what it has left waits: other questions fill the rule first, and only if
    // they run out does a waiting group come cut short (its first questions, never a lone
    // passage).
    // See docs/decisions/0018-passages-are-their-own-items.md.
    const waiting = new Map<string, DrawnVersion[]>();
    const take = async (candidates: DrawnVersion[]) => {
      const passageOf = grouped
        ? await draws.passagesOf(candidates.map((c) => c.questionId))
        : new Map<string, string>();
      const groups = await draws.members(pool, [...new Set(passageOf.values())], [...taken]);
      for (const candidate of candidates) {
        if (picked.length === count) return;
        const passageId = passageOf.get(candidate.questionId);
        if (passageId === undefined) {
          takeOne({ ...candidate, passageId: null });
          continue;
        }
        const group = (groups.get(passageId) ?? []).filter((m) => !taken.has(m.questionId));
        if (group.length === 0) continue;
        // A group larger than the whole rule is cut short whenever it comes; waiting would
        // only put it behind every other question (practice draws one at a time).
        if (group.length <= count - picked.length || group.length > count) group.forEach(takeOne);
        else waiting.set(passageId, group);
      }
    };
    const points = Array.from({ length: Math.ceil(count * 1.25) + 2 }, random);
    await take(await draws.probe(pool, points, [...taken]));
    // Each sweep takes or sets waiting every question it returns, so this ends.
    const start = random();
    while (picked.length < count) {
      const waitingIds = [...waiting.values()].flat().map((member) => member.questionId);
      const swept = await draws.sweep(pool, start, count - picked.length, [
        ...taken,
        ...waitingIds,
      ]);
      if (swept.length === 0) break;
      await take(swept);
    }
    for (const group of waiting.values()) {
      if (group.some((member) => taken.has(member.questionId))) continue;
      group.forEach(takeOne);
    }
    return picked;
  }

  /**
   * Published questions by rule, no question twice, `exclude` never; the same seed and bank give
   * the same draw. Rules that cannot be filled are reported, by their index from 0.
   */
  async function drawPublished(bankId: string, request: DrawRequest): Promise<DrawResult> {
    const random = seededRandom(request.seed);
    const taken = new Set(request.exclude);
    const found = new Map<number, DrawnVersion[]>();
    const grouped = await draws.hasPassages(bankId);
    // Narrow rules draw first, so "8 from Algebra" cannot take the questions "2 from Algebra
    // at difficulty 3" needed; the answer still lists them in the order asked.
    const narrowestFirst = [...request.rules.entries()].sort(
      ([, a], [, b]) => breadth(a) - breadth(b),
    );
    for (const [index, rule] of narrowestFirst) {
      const pool = {
        bankId,
        topic: rule.topic,
        difficulty: rule.difficulty,
        passageId: rule.passageId,
      };
      found.set(index, await drawFrom(pool, rule.count, taken, random, grouped));
    }
    // A passage whose questions more than one rule drew still shows once, with all of them.
    const picks = keepPassagesTogether(request.rules.flatMap((_, index) => found.get(index) ?? []));
    const shortfalls = request.rules.flatMap((rule, index) => {
      const count = found.get(index)?.length ?? 0;
      return count < rule.count ? [{ rule: index, wanted: rule.count, found: count }] : [];
    });

    const passageIds = picks.flatMap((pick) => (pick.passageId ? [pick.passageId] : []));
    const [contents, passages] = await Promise.all([
      draws.contents(picks),
      draws.passages(passageIds),
    ]);
    return {
      questions: picks.flatMap(({ questionId, version, passageId, passagePosition }) => {
        const content = contents.get(questionId);
        if (!content) return [];
        return [{ questionId, version, content, passageId: passageId ?? null, passagePosition }];
      }),
      passages,
      shortfalls,
    };
  }

  return {
    /** A draw from a bank of the tenant, for a caller who may read that bank. */
    async draw(
      principal: Principal,
      clientId: string,
      bankId: string,
      request: DrawRequest,
    ): Promise<DrawResult> {
      const bank = await deps.banks.standing(clientId, bankId);
      // An archived bank is kept for history only: nothing new is drawn from it.
      if (!bank || bank.archived || !mayReadBank(principal, clientId, bank.visibility)) {
        throw noSuchBank();
      }
      return drawPublished(bankId, request);
    },

    /**
     * A draw from a catalog bank, public or premium, for a trusted service (the main API, which
     * decides which learner may see premium banks). Private banks answer like missing ones.
     */
    async drawFromCatalog(bankId: string, request: DrawRequest): Promise<DrawResult> {
      if (!(await deps.catalog.isListed(bankId))) {
        throw new HttpProblem('not_found', { detail: 'There is no such bank in the catalog.' });
      }
      return drawPublished(bankId, request);
    },
  };
}

export type DrawService = ReturnType<typeof createDrawService>;
