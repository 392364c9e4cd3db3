import type { QuestionContent } from '@questa/contracts';
import { useRef } from 'react';
import { useT } from '../../../lib/i18n';
import { uploadMedia } from '../api/upload-media';
import type { Issues } from '../validate-question';
import { AnswerFields } from './answer-fields';
import { DetailFields, StemField } from './common-fields';
import { HintsField } from './hints-field';
import type { MarkdownFieldHandle } from './markdown-field';
import { QuestionPreview } from './question-preview';

/** A question's fields beside its live preview: the same for a new question and a saved one. */
export function EditorForm({
  clientId,
  content,
  onChange,
  issues,
  canWrite,
  onSubmit,
}: {
  clientId: string;
  content: QuestionContent;
  onChange: (content: QuestionContent) => void;
  issues: Issues;
  canWrite: boolean;
  onSubmit: () => void;
}) {
  const t = useT();
  const stem = useRef<MarkdownFieldHandle>(null);
  const upload = (file: File, onProgress: Parameters<typeof uploadMedia>[2]) =>
    uploadMedia(clientId, file, onProgress);

  return (
    <div className="editor-layout">
      <form
        className="editor-form"
        aria-label={t('editor.title')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <fieldset className="fieldset editor-form__fields" disabled={!canWrite}>
          <StemField
            content={content}
            onChange={onChange}
            issues={issues}
            onUpload={upload}
            stemRef={stem}
          />
          <AnswerFields
            content={content}
            onChange={onChange}
            issues={issues}
            insertIntoStem={(text) => stem.current?.insert(text) ?? `${content.stem}${text}`}
            onUpload={upload}
          />
          <HintsField content={content} onChange={onChange} issues={issues} />
          <DetailFields content={content} onChange={onChange} issues={issues} onUpload={upload} />
        </fieldset>
      </form>
      <aside className="editor-preview">
        <QuestionPreview content={content} />
      </aside>
    </div>
  );
}
