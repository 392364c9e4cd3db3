import type { z } from 'zod';
import type { drawRequest, drawResult, DrawnPassage } from '@questa/contracts';
import { keepPassagesTogether } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { Principal } from '@questa/policy';
import { mayReadBank, noSuchBank } from '../banks/bank-access';
import type { BankRepository } from '../banks/bank.repository';
import type { CatalogRepository } from '../catalog/catalog.repository';
import type {
  DrawCandidate,
  DrawFound,
  DrawLookup,
  DrawPool,
  DrawRepository,
  DrawnVersion,
} from './draw.repository';
import { seededRandom } from './seeded-random';

type DrawRequest = z.infer<typeof drawRequest>;
type DrawResult = z.infer<typeof drawResult>;
type DrawnPassages = Map<string, DrawnPassage>;

/** How many of the filters a rule leaves open: 0 for topic and difficulty, 2 for neither. */
const breadth = (rule: DrawRequest['rules'][number]) =>
  Number(rule.topic === undefined) + Number(rule.difficulty === undefined);

/** A rule with its pool and, unless it reads one passage, the random numbers it draws with. */
interface RulePlan {
  index: number;
  count: number;
  pool: DrawPool;
  lookup: DrawLookup;
  /** Where a sweep starts if the probes leave the rule short. */
  start?: number;
}

/**
 * Draws without reading the pool: each version carries a random sample key, and every probe
 * takes the first version at or after a random point, one index descent. A question's chance is
 * the gap before its key, close to even across a large pool; a quarter more probes than wanted
 * make up for repeats, and a sweep from one more random point (wrapping round) takes what a
 * small pool has left. Sorting the pool by random() would read every published question of the
 * bank on every draw.
 *
 * Every rule's probes go to the database in one statement, which also brings each candidate's
 * content, passage and group (decision 0046); rules are then filled one after another in memory.
 */
export function createDrawService(deps: {
  draws: DrawRepository;
  banks: Pick<BankRepository, 'standing'>;
  catalog: Pick<CatalogRepository, 'isListed'>;
}) {
  const { draws } = deps;

  /** Adds the passages a later lookup found to those the draw knows. */
  const remember = (passages: DrawnPassages, more: DrawnPassages) => {
    for (const [id, passage] of more) passages.set(id, passage);
  };

  /**
   * The rule's probes as if they had been made when its turn came: a probe that found a question
   * an earlier rule has since taken is made again, excluding what is taken now, so the draw is
   * the one that probing rule by rule would give.
   */
  async function probed(
    plan: RulePlan,
    found: DrawFound,
    taken: Set<string>,
    passages: DrawnPassages,
  ): Promise<DrawFound> {
    if (!('points' in plan.lookup.source)) return found;
    const { points } = plan.lookup.source;
    const collided = found.candidates.filter((candidate) => taken.has(candidate.questionId));
    if (collided.length === 0) return found;
    const again = await draws.find(
      [{ pool: plan.pool, source: { points: collided.map((c) => points[c.position - 1]!) } }],
      [...taken],
    );
    remember(passages, again.passages);
    const redone = again.found[0]!;
    // Positions count from 1 in each statement; put the new candidates back in their points'.
    const replacements: DrawCandidate[] = redone.candidates.map((candidate) => ({
      ...candidate,
      position: collided[candidate.position - 1]!.position,
    }));
    const kept = found.candidates.filter((candidate) => !taken.has(candidate.questionId));
    return {
      candidates: [...kept, ...replacements].sort((a, b) => a.position - b.position),
      groups: new Map([...found.groups, ...redone.groups]),
    };
  }

  async function fill(
    plan: RulePlan,
    first: DrawFound,
    taken: Set<string>,
    passages: DrawnPassages,
  ): Promise<DrawnVersion[]> {
    const { count, pool } = plan;
    const picked: DrawnVersion[] = [];
    const takeOne = (candidate: DrawnVersion) => {
      if (picked.length === count || taken.has(candidate.questionId)) return;
      taken.add(candidate.questionId);
      picked.push(candidate);
    };
    if ('passage' in plan.lookup.source) {
      // One passage's questions come in their authored order, not at random.
      for (const { position: _position, ...member } of first.candidates) takeOne(member);
      return picked;
    }
    // A question that refers to a passage brings its group, in authored order. A group that fits
    // the rule but not what it has left waits: other questions fill the rule first, and only if
    // they run out does a waiting group come cut short (its first questions, never a lone
    // passage).
    // See docs/decisions/0018-passages-are-their-own-items.md.
    const waiting = new Map<string, DrawnVersion[]>();
    const take = ({ candidates, groups }: DrawFound) => {
      for (const { position: _position, ...candidate } of candidates) {
        if (picked.length === count) return;
        if (candidate.passageId === null) {
          takeOne(candidate);
          continue;
        }
        const group = (groups.get(candidate.passageId) ?? []).filter(
          (m) => !taken.has(m.questionId),
        );
        if (group.length === 0) continue;
        // A group larger than the whole rule is cut short whenever it comes; waiting would
        // only put it behind every other question (practice draws one at a time).
        if (group.length <= count - picked.length || group.length > count) group.forEach(takeOne);
        else waiting.set(candidate.passageId, group);
      }
    };
    take(await probed(plan, first, taken, passages));
    // Each sweep takes or sets waiting every question it returns, so this ends.
    while (picked.length < count) {
      const waitingIds = [...waiting.values()].flat().map((member) => member.questionId);
      const swept = await draws.find(
        [{ pool, source: { sweep: { start: plan.start!, count: count - picked.length } } }],
        [...taken, ...waitingIds],
      );
      remember(passages, swept.passages);
      if (swept.found[0]!.candidates.length === 0) break;
      take(swept.found[0]!);
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
    // Narrow rules draw first, so "8 from Algebra" cannot take the questions "2 from Algebra
    // at difficulty 3" needed; the answer still lists them in the order asked. Their random
    // numbers are taken in that order too: each rule's points, then its sweep's start.
    const plans = [...request.rules.entries()]
      .sort(([, a], [, b]) => breadth(a) - breadth(b))
      .map(([index, rule]): RulePlan => {
        const pool = { bankId, topic: rule.topic, difficulty: rule.difficulty };
        const base = { index, count: rule.count, pool };
        if (rule.passageId !== undefined) {
          return { ...base, lookup: { pool, source: { passage: rule.passageId } } };
        }
        const points = Array.from({ length: Math.ceil(rule.count * 1.25) + 2 }, random);
        return { ...base, lookup: { pool, source: { points } }, start: random() };
      });
    const first = await draws.find(
      plans.map((plan) => plan.lookup),
      request.exclude,
    );
    const passages = first.passages;
    const taken = new Set(request.exclude);
    const found = new Map<number, DrawnVersion[]>();
    for (const [position, plan] of plans.entries()) {
      found.set(plan.index, await fill(plan, first.found[position]!, taken, passages));
    }
    // A passage whose questions more than one rule drew still shows once, with all of them.
    const picks = keepPassagesTogether(request.rules.flatMap((_, index) => found.get(index) ?? []));
    const shortfalls = request.rules.flatMap((rule, index) => {
      const count = found.get(index)?.length ?? 0;
      return count < rule.count ? [{ rule: index, wanted: rule.count, found: count }] : [];
    });
    const passageIds = new Set(picks.flatMap((pick) => (pick.passageId ? [pick.passageId] : [])));
    return {
      questions: picks.map(({ questionId, version, content, passageId, passagePosition }) => ({
        questionId,
        version,
        content,
        passageId,
        passagePosition,
      })),
      passages: [...passageIds].flatMap((id) => passages.get(id) ?? []),
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
