import type { QuestionContent } from '@questa/contracts';

/** What the editor keeps in this browser until the server has it. */
export interface StoredDraft {
  content: QuestionContent;
  /** The revision the changes were made on; saving sends it, so a newer one is a conflict. */
  baseRevision: number;
}

const key = (questionId: string) => `questa.draft.${questionId}`;

// Storage may be full or disabled; the draft is then kept in the editor only.

export function readDraft(questionId: string): StoredDraft | undefined {
  try {
    const text = window.localStorage.getItem(key(questionId));
    if (!text) return undefined;
    const draft = JSON.parse(text) as Partial<StoredDraft>;
    return draft.content && typeof draft.baseRevision === 'number'
      ? (draft as StoredDraft)
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(questionId: string, draft: StoredDraft): void {
  try {
    window.localStorage.setItem(key(questionId), JSON.stringify(draft));
  } catch {
    // Kept in the editor only.
  }
}

export function clearDraft(questionId: string): void {
  try {
    window.localStorage.removeItem(key(questionId));
  } catch {
    // Nothing to clear.
  }
}
