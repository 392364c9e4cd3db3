import type { QuestionType } from '@questa/contracts';
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import type { AnswerFieldsProps } from './field-common';

export type AnswerWidget = ComponentType<AnswerFieldsProps>;

/** Choices, true or false, a word, a number, an order: small, shared with the live player. */
const quick = () => import('./quick-answer-fields').then((module) => module.QuickAnswerFields);

/**
 * Where each question type's widget comes from. A page downloads a type's code when a question of
 * that type arrives, not every type's for every question: a hotspot's picture handling or an
 * essay's word count weighs on no page that does not ask one.
 */
const widgetLoaders: Record<QuestionType, () => Promise<AnswerWidget>> = {
  single_choice: quick,
  multiple_response: quick,
  true_false: quick,
  short_text: quick,
  numeric: quick,
  calculated: quick,
  ordering: quick,
  matching: () => import('./matching-fields').then((module) => module.MatchingWidget),
  cloze: () => import('./cloze-fields').then((module) => module.ClozeWidget),
  hotspot: () => import('./hotspot-field').then((module) => module.HotspotWidget),
  essay: () => import('./essay-field').then((module) => module.EssayWidget),
};

/**
 * Loaded widgets, held here rather than in React.lazy for the reason rich-text.tsx gives: a failed
 * download leaves a placeholder and is tried again when the browser is back online, instead of
 * throwing into the page (an exam answered offline keeps its other questions).
 */
const loaded = new Map<QuestionType, AnswerWidget>();
const loading = new Map<QuestionType, Promise<AnswerWidget>>();
const wanted = new Set<QuestionType>();
const listeners = new Set<() => void>();

export function loadAnswerWidget(type: QuestionType): Promise<AnswerWidget> {
  const widget = loaded.get(type);
  if (widget) return Promise.resolve(widget);
  let pending = loading.get(type);
  if (!pending) {
    pending = widgetLoaders[type]().then(
      (module) => {
        loaded.set(type, module);
        loading.delete(type);
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        loading.delete(type);
        throw error;
      },
    );
    loading.set(type, pending);
  }
  return pending;
}

/**
 * Fetches the widgets of `types` ahead of their questions (all types when none are named): while
 * a learner answers one question the next one's may be downloading, and an exam fetches its
 * questions' widgets while the connection is there. Failures wait for the question to ask again.
 */
export function preloadAnswerWidgets(
  types: Iterable<QuestionType> = Object.keys(widgetLoaders) as QuestionType[],
): Promise<void> {
  return Promise.all(
    [...new Set(types)].map((type) =>
      loadAnswerWidget(type).catch(() => {
        // Offline, or a newer release replaced the chunk: the question tries again when shown.
      }),
    ),
  ).then(() => undefined);
}

function retryWanted() {
  void preloadAnswerWidgets([...wanted].filter((type) => !loaded.has(type)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('online', retryWanted);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', retryWanted);
  };
}

/** The widget of `type` once its chunk is here; undefined until then, while it downloads. */
export function useAnswerWidget(type: QuestionType): AnswerWidget | undefined {
  const widget = useSyncExternalStore(
    subscribe,
    () => loaded.get(type),
    () => loaded.get(type),
  );
  useEffect(() => {
    if (widget) return;
    wanted.add(type);
    void preloadAnswerWidgets([type]);
  }, [type, widget]);
  return widget;
}
