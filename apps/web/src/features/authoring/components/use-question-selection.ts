import { useState } from 'react';

/** Which questions a bulk action would take: some by id, or every one the filters match. */
export type QuestionSelection = { all: false; ids: ReadonlySet<string> } | { all: true };

const none: QuestionSelection = { all: false, ids: new Set() };

/**
 * The questions an author has ticked. `scope` names the filters: when they change, what was
 * ticked no longer matches what is shown, so the selection starts over.
 */
export function useQuestionSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; selection: QuestionSelection }>({
    scope,
    selection: none,
  });
  const selection = state.scope === scope ? state.selection : none;
  const set = (next: QuestionSelection) => setState({ scope, selection: next });

  return {
    selection,
    isSelected: (id: string) => selection.all || selection.ids.has(id),
    /** Ticks or unticks one question; unticking one of "all matching" keeps the shown others. */
    toggle(id: string, shown: readonly string[]) {
      const ids = new Set(selection.all ? shown : selection.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      set({ all: false, ids });
    },
    /** Ticks every shown question, or unticks them all. */
    setPage(shown: readonly string[], selected: boolean) {
      set(selected ? { all: false, ids: new Set(shown) } : none);
    },
    selectAllMatching: () => set({ all: true }),
    clear: () => set(none),
  };
}

export type QuestionSelectionState = ReturnType<typeof useQuestionSelection>;
