import type { QuestionContent, QuestionDetail } from '@questa/contracts';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { invalidateQueries, setQueryData } from '../../../lib/use-query';
import { getQuestion } from '../api/get-question';
import { bankKey, questionKey } from '../api/question-db';
import { saveQuestion } from '../api/save-question';
import { transitionQuestion, type QuestionAction } from '../api/transition-question';
import { clearDraft, readDraft, writeDraft } from '../draft-storage';
import { serverIssues, validateQuestion, type Issues } from '../validate-question';
import { stableJson, withMedia } from './content-helpers';

/** Typing pauses this long before a draft is saved. */
export const autosaveDelayMs = 1000;

export type SaveStatus = 'saved' | 'unsaved' | 'invalid' | 'saving' | 'failed' | 'conflict';

interface DraftState {
  /** The question as the server last reported it. */
  detail: QuestionDetail;
  /** What the editor shows, saved or not. */
  content: QuestionContent;
  /** The revision `content` was written on; a save sends it, so a newer one is a conflict. */
  baseRevision: number;
  /** `content` as the server has it, to tell whether there is anything to save. */
  savedJson: string;
  phase: 'idle' | 'saving' | 'loading' | 'failed' | 'conflict';
  /** Why the last save or reload failed. */
  error?: ApiError;
  /** The content came from this browser's storage, not from the server. */
  restored: boolean;
  /** The workflow step being sent, and why the last one failed. */
  action?: QuestionAction;
  actionError?: ApiError;
}

function initialState(detail: QuestionDetail): DraftState {
  const savedJson = stableJson(detail.current.content);
  const stored = readDraft(detail.id);
  const restore = stored !== undefined && stableJson(stored.content) !== savedJson;
  return {
    detail,
    content: restore ? stored.content : detail.current.content,
    baseRevision: restore ? stored.baseRevision : detail.revision,
    savedJson,
    phase: 'idle',
    restored: restore,
  };
}

/**
 * The editor's copy of a question: what the author typed, kept in this browser until the server
 * has it, saved a moment after typing stops (drafts only) or at once on request, with the
 * server's revision sent along so nobody overwrites someone else's save unknowingly.
 */
export function useQuestionDraft({
  clientId,
  initial,
  canWrite,
}: {
  clientId: string;
  initial: QuestionDetail;
  canWrite: boolean;
}) {
  const questionId = initial.id;
  const [state, setState] = useState(() => initialState(initial));
  // Async steps read the latest state from here; React state would be the one of their render.
  const latest = useRef(state);
  const inFlight = useRef(false);
  useLayoutEffect(() => {
    latest.current = state;
  });

  const contentJson = useMemo(() => stableJson(state.content), [state.content]);
  const dirty = contentJson !== state.savedJson;
  const localIssues = useMemo(() => validateQuestion(state.content), [state.content]);
  const valid = Object.keys(localIssues).length === 0;
  const issues: Issues =
    state.error?.code === 'validation.failed'
      ? { ...serverIssues(state.error.fieldErrors), ...localIssues }
      : localIssues;
  const autosave = canWrite && state.detail.current.status === 'draft';

  const status: SaveStatus =
    state.phase === 'saving' || state.phase === 'loading'
      ? 'saving'
      : state.phase === 'conflict'
        ? 'conflict'
        : state.phase === 'failed'
          ? 'failed'
          : !dirty
            ? 'saved'
            : valid
              ? 'unsaved'
              : 'invalid';

  // What is not on the server yet stays in this browser, so a closed tab or a conflict loses
  // nothing.
  const { baseRevision } = state;
  useEffect(() => {
    if (dirty) writeDraft(questionId, { content: JSON.parse(contentJson), baseRevision });
    else clearDraft(questionId);
  }, [questionId, dirty, contentJson, baseRevision]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const remember = (detail: QuestionDetail) => {
    setQueryData(questionKey(clientId, questionId), detail);
    // Lists show excerpts, statuses and counts; they are fetched again when next shown.
    void invalidateQueries(bankKey(clientId, detail.bankId));
  };

  /** Sends the current content; resolves with the saved question, or undefined when it was not. */
  const save = async (): Promise<QuestionDetail | undefined> => {
    const { content, baseRevision: revision, phase } = latest.current;
    if (!canWrite || inFlight.current || phase === 'conflict') return undefined;
    if (Object.keys(validateQuestion(content)).length > 0) return undefined;
    const sentJson = stableJson(content);
    inFlight.current = true;
    setState((current) => ({ ...current, phase: 'saving', error: undefined }));
    try {
      const saved = await saveQuestion(clientId, questionId, content, revision);
      remember(saved);
      setState((current) => ({
        ...current,
        detail: saved,
        baseRevision: saved.revision,
        savedJson: sentJson,
        phase: 'idle',
        restored: false,
      }));
      return saved;
    } catch (caught) {
      const error = toApiError(caught);
      setState((current) => ({
        ...current,
        phase: error.code === 'conflict.version' ? 'conflict' : 'failed',
        error,
      }));
      return undefined;
    } finally {
      inFlight.current = false;
    }
  };

  // Changes restored from this browser wait for the author: they may prefer to discard them.
  const saveLater = useEffectEvent(() => void save());
  useEffect(() => {
    if (!autosave || !dirty || !valid || state.restored || state.phase !== 'idle') return;
    const timer = setTimeout(() => saveLater(), autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [autosave, dirty, valid, state.restored, state.phase, contentJson]);

  const saveOnShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
    // The browser's "save page" is never what an author means here.
    event.preventDefault();
    void save();
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => saveOnShortcut(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const update = (content: QuestionContent) =>
    setState((current) => ({
      ...current,
      content: withMedia(content),
      // Editing restored changes adopts them.
      restored: false,
      // A failed save is tried again once the author changes something.
      phase: current.phase === 'failed' ? 'idle' : current.phase,
    }));

  /** Fetches the newest version; `keepMine` keeps the editor's content to save over it. */
  const resolveConflict = async (keepMine: boolean) => {
    setState((current) => ({ ...current, phase: 'loading' }));
    try {
      const newest = await getQuestion(clientId, questionId);
      setQueryData(questionKey(clientId, questionId), newest);
      setState((current) => ({
        ...current,
        detail: newest,
        content: keepMine ? current.content : newest.current.content,
        baseRevision: newest.revision,
        savedJson: stableJson(newest.current.content),
        phase: 'idle',
        error: undefined,
        restored: false,
      }));
    } catch (caught) {
      setState((current) => ({ ...current, phase: 'conflict', error: toApiError(caught) }));
    }
  };

  /** Discards the changes kept in this browser and shows the saved question. */
  const discardLocal = () =>
    setState((current) => ({
      ...current,
      content: current.detail.current.content,
      baseRevision: current.detail.revision,
      savedJson: stableJson(current.detail.current.content),
      restored: false,
      phase: current.phase === 'conflict' ? 'idle' : current.phase,
      error: undefined,
    }));

  /** Saves what is unsaved, then takes the workflow step; answers whether the step was taken. */
  const transition = async (action: QuestionAction): Promise<boolean> => {
    setState((current) => ({ ...current, action, actionError: undefined }));
    let revision = latest.current.baseRevision;
    if (stableJson(latest.current.content) !== latest.current.savedJson) {
      const saved = await save();
      if (!saved) {
        setState((current) => ({ ...current, action: undefined }));
        return false;
      }
      revision = saved.revision;
    }
    try {
      const moved = await transitionQuestion(clientId, questionId, action, revision);
      remember(moved);
      setState((current) => ({
        ...current,
        detail: moved,
        baseRevision: moved.revision,
        action: undefined,
      }));
      return true;
    } catch (caught) {
      const error = toApiError(caught);
      const conflict = error.code === 'conflict.version';
      setState((current) => ({
        ...current,
        action: undefined,
        actionError: conflict ? undefined : error,
        phase: conflict ? 'conflict' : current.phase,
        error: conflict ? error : current.error,
      }));
      return false;
    }
  };

  return {
    detail: state.detail,
    content: state.content,
    update,
    issues,
    valid,
    dirty,
    status,
    error: state.error,
    restored: state.restored,
    action: state.action,
    actionError: state.actionError,
    autosave,
    saveNow: () => void save(),
    reloadTheirs: () => void resolveConflict(false),
    keepMine: () => void resolveConflict(true),
    discardLocal,
    transition,
  };
}

export type QuestionDraft = ReturnType<typeof useQuestionDraft>;
