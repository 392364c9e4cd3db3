import { toLearnerPassage, type DrawnPassage, type LearnerPassage } from '@questa/contracts';

/**
 * The passage a drawn question refers to, as the learner will see it, pinned beside the question
 * so later saves of the passage change nothing in this exam or session. A passage the draw did
 * not carry (an older question database) leaves the question without one.
 */
export const pinnedPassage = (
  passages: ReadonlyMap<string, DrawnPassage>,
  passageId: string | null | undefined,
): LearnerPassage | null => {
  const passage = passageId ? passages.get(passageId) : undefined;
  return passage ? toLearnerPassage(passage) : null;
};
