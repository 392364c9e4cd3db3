/** What a passage (a shared stimulus) may hold; the schemas and the editor both check these. */
export const PASSAGE_LIMITS = {
  titleMax: 200,
  bodyMax: 20_000,
  /** Images and other media the body refers to. */
  mediaMax: 20,
  /** Questions one passage may carry. */
  questionsMax: 50,
} as const;

/**
 * Puts the questions that share a passage next to each other, in their authored order, where
 * the first of them stands; questions without a passage keep their places. Draws, exams and
 * practice all show a group this way, so a learner never meets a passage twice in one attempt.
 */
export function keepPassagesTogether<
  Q extends { passageId?: string | null | undefined; passagePosition?: number | undefined },
>(questions: readonly Q[]): Q[] {
  const groups = new Map<string, Q[]>();
  for (const question of questions) {
    if (!question.passageId) continue;
    const group = groups.get(question.passageId) ?? [];
    group.push(question);
    groups.set(question.passageId, group);
  }
  const out: Q[] = [];
  for (const question of questions) {
    if (!question.passageId) {
      out.push(question);
      continue;
    }
    const group = groups.get(question.passageId);
    if (!group) continue; // placed with its first member already
    groups.delete(question.passageId);
    out.push(...group.sort((a, b) => (a.passagePosition ?? 0) - (b.passagePosition ?? 0)));
  }
  return out;
}

/**
 * Shuffles units, not questions: a passage's questions move as one block, in authored order.
 * `random` returns [0, 1) as Math.random does, so a test can fix it.
 */
export function shuffleKeepingPassages<
  Q extends { passageId?: string | null | undefined; passagePosition?: number | undefined },
>(questions: readonly Q[], random: () => number): Q[] {
  const units: Q[][] = [];
  const byPassage = new Map<string, Q[]>();
  for (const question of keepPassagesTogether(questions)) {
    if (!question.passageId) {
      units.push([question]);
      continue;
    }
    let unit = byPassage.get(question.passageId);
    if (!unit) {
      unit = [];
      byPassage.set(question.passageId, unit);
      units.push(unit);
    }
    unit.push(question);
  }
  for (let i = units.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [units[i], units[j]] = [units[j]!, units[i]!];
  }
  return units.flat();
}
