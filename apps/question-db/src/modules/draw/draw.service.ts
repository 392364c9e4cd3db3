import type { z } from 'zod';
import type { drawRequest, drawResult } from '@questa/contracts';
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
  banks: Pick<BankRepository, 'find'>;
  catalog: Pick<CatalogRepository, 'isListed'>;
}) {
  const { draws } = deps;

  async function drawFrom(
    pool: DrawPool,
    count: number,
    taken: Set<string>,
    random: () => number,
  ): Promise<DrawnVersion[]> {
    const picked: DrawnVersion[] = [];
    const take = (candidates: DrawnVersion[]) => {
      for (const candidate of candidates) {
        if (picked.length === count) return;
        if (taken.has(candidate.questionId)) continue;
        taken.add(candidate.questionId);
        picked.push(candidate);
      }
    };
    const points = Array.from({ length: Math.ceil(count * 1.25) + 2 }, random);
    take(await draws.probe(pool, points, [...taken]));
    if (picked.length < count) {
      take(await draws.sweep(pool, random(), count - picked.length, [...taken]));
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
    // Narrow rules draw first, so "8 from Algebra" cannot take the questions "2 from Algebra
    // at difficulty 3" needed; the answer still lists them in the order asked.
    const narrowestFirst = [...request.rules.entries()].sort(
      ([, a], [, b]) => breadth(a) - breadth(b),
    );
    for (const [index, rule] of narrowestFirst) {
      const pool = { bankId, topic: rule.topic, difficulty: rule.difficulty };
      found.set(index, await drawFrom(pool, rule.count, taken, random));
    }
    const picks = request.rules.flatMap((_, index) => found.get(index) ?? []);
    const shortfalls = request.rules.flatMap((rule, index) => {
      const count = found.get(index)?.length ?? 0;
      return count < rule.count ? [{ rule: index, wanted: rule.count, found: count }] : [];
    });

    const contents = await draws.contents(picks);
    return {
      questions: picks.flatMap(({ questionId, version }) => {
        const content = contents.get(questionId);
        return content ? [{ questionId, version, content }] : [];
      }),
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
      const bank = await deps.banks.find(clientId, bankId);
      // An archived bank is kept for history only: nothing new is drawn from it.
      if (!bank || bank.archivedAt || !mayReadBank(principal, clientId, bank.visibility)) {
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
