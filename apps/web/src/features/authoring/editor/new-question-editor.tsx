import type { QuestionContent, QuestionType } from '@questa/contracts';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useCreateQuestion } from '../api/create-question';
import { writeDraft } from '../draft-storage';
import { authorPaths } from '../paths';
import { starterContent } from '../question-templates';
import type { TenantAccess } from '../tenant-access';
import { serverIssues, validateQuestion, type Issues, type IssueCode } from '../validate-question';
import { stableJson, withMedia } from './content-helpers';
import { EditorForm } from './editor-form';
import { autosaveDelayMs } from './use-question-draft';
import '../components/authoring.css';
import './editor.css';

/** What an untouched field reports: shown only once the author asks to create the draft. */
const notYetWritten = new Set<IssueCode | 'server'>([
  'required',
  'oneCorrect',
  'someCorrect',
  'number',
  'blankMissing',
]);

/**
 * A question that does not exist yet: the editor's fields, empty, with placeholders. Nothing is
 * sent until the author has written a question that passes the checks; then it is created as a
 * draft (a moment after typing stops, or at once on request) and the editor of the saved question
 * takes over. Leaving before that leaves nothing behind in the bank.
 */
export function NewQuestionEditor({
  access,
  bankId,
  type,
}: {
  access: TenantAccess;
  bankId: string;
  type: QuestionType;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { clientId } = access.membership;
  const create = useCreateQuestion();
  const [content, setContent] = useState(() => starterContent(type));
  const [asked, setAsked] = useState(false);
  // Not sent again on its own once refused: the author changes something or asks again.
  const [refusedJson, setRefusedJson] = useState<string>();
  const latest = useRef(content);
  const inFlight = useRef(false);
  useLayoutEffect(() => {
    latest.current = content;
  });

  const contentJson = useMemo(() => stableJson(content), [content]);
  const startedJson = useMemo(() => stableJson(starterContent(type)), [type]);
  const touched = contentJson !== startedJson;
  const localIssues = useMemo(() => validateQuestion(content), [content]);
  const valid = Object.keys(localIssues).length === 0;
  const written = content.stem.trim() !== '';
  const issues: Issues = Object.fromEntries(
    Object.entries({
      ...(create.error?.code === 'validation.failed' ? serverIssues(create.error.fieldErrors) : {}),
      ...localIssues,
    }).filter(([, issue]) => asked || !notYetWritten.has(issue.code)),
  );

  const submit = async () => {
    setAsked(true);
    const sent = latest.current;
    if (inFlight.current || Object.keys(validateQuestion(sent)).length > 0) return;
    inFlight.current = true;
    const outcome = await create.mutate(clientId, bankId, sent);
    inFlight.current = false;
    if (!outcome.ok) {
      setRefusedJson(stableJson(sent));
      return;
    }
    // What was typed while the request ran is kept for the editor, which offers it back.
    const now = latest.current;
    if (stableJson(now) !== stableJson(sent)) {
      writeDraft(outcome.data.id, { content: now, baseRevision: outcome.data.revision });
    }
    void navigate(authorPaths.question(clientId, outcome.data.id), { replace: true });
  };

  const createLater = useEffectEvent(() => void submit());
  const ready = valid && written && create.status !== 'pending' && refusedJson !== contentJson;
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => createLater(), autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [ready, contentJson]);

  const createOnShortcut = useEffectEvent((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
    event.preventDefault();
    void submit();
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => createOnShortcut(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!touched) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [touched]);

  const status =
    create.status === 'pending'
      ? t('editor.new.creating')
      : !written
        ? t('editor.new.empty')
        : !valid
          ? t('editor.new.incomplete')
          : t('editor.status.unsaved');

  return (
    <div className="page editor-page">
      <PageTitle title={t('editor.new.title')} />
      <Link to={authorPaths.bank(clientId, bankId)} className="page__back">
        <ArrowLeftIcon />
        {t('editor.back')}
      </Link>

      <header className="editor-header">
        <div className="editor-header__title">
          <h1>{t('editor.new.title')}</h1>
          <div className="editor-header__meta">
            <Badge>{t(`questionType.${type}`)}</Badge>
          </div>
        </div>
        <div className="editor-header__actions">
          <p className="save-status" role="status">
            {status}
          </p>
          <Button
            disabled={create.status === 'pending'}
            onClick={() => void submit()}
            aria-keyshortcuts="Control+S Meta+S"
          >
            {t('editor.new.create')}
          </Button>
        </div>
      </header>
      {create.status === 'error' && (
        <ProblemAlert
          title={t('editor.new.failed')}
          error={create.error}
          onRetry={() => void submit()}
        />
      )}

      <EditorForm
        clientId={clientId}
        content={content}
        onChange={(next: QuestionContent) => setContent(withMedia(next))}
        issues={issues}
        canWrite={access.canWrite}
        onSubmit={() => void submit()}
      />
    </div>
  );
}
