import type { MediaInfo, QuestionContent } from '@questa/contracts';
import type { Ref } from 'react';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import type { Issues } from '../validate-question';
import { issueText } from './issue-text';
import { MarkdownField, type MarkdownFieldHandle } from './markdown-field';
import { NumberInput } from './number-input';
import { TagsInput } from './tags-input';
import { QUESTION_LIMITS } from '@questa/contracts/rules';

type Upload = (file: File, onProgress: (progress: UploadProgress) => void) => Promise<MediaInfo>;

/** The question text, shown first; every type has one. */
export function StemField({
  content,
  onChange,
  issues,
  onUpload,
  stemRef,
}: {
  content: QuestionContent;
  onChange: (content: QuestionContent) => void;
  issues: Issues;
  onUpload: Upload;
  stemRef: Ref<MarkdownFieldHandle>;
}) {
  const t = useT();
  return (
    <MarkdownField
      ref={stemRef}
      label={t('editor.stem')}
      hint={
        content.type === 'cloze'
          ? t('editor.stemHintCloze')
          : content.type === 'calculated'
            ? t('calculated.stemHint', { placeholder: '{a}' })
            : t('editor.stemHint')
      }
      placeholder={
        content.type === 'cloze'
          ? t('editor.placeholder.clozeStem', { blank: '{{b1}}' })
          : content.type === 'calculated'
            ? t('calculated.stemPlaceholder', { a: '{a}', b: '{b}' })
            : t('editor.placeholder.stem')
      }
      error={issueText(t, issues.stem)}
      value={content.stem}
      maxLength={QUESTION_LIMITS.stemMax}
      uploadLabel={t('editor.uploadImage')}
      onUpload={onUpload}
      onChange={(stem) => onChange({ ...content, stem })}
    />
  );
}

/** Explanation, topic, tags, difficulty, points, licence and attribution: the same for every type. */
export function DetailFields({
  content,
  onChange,
  issues,
  onUpload,
}: {
  content: QuestionContent;
  onChange: (content: QuestionContent) => void;
  issues: Issues;
  onUpload: Upload;
}) {
  const t = useT();
  return (
    <>
      <MarkdownField
        label={t('editor.explanation')}
        hint={t('editor.explanationHint')}
        error={issueText(t, issues.explanation)}
        value={content.explanation}
        rows={4}
        maxLength={QUESTION_LIMITS.explanationMax}
        uploadLabel={t('editor.uploadExplanationImage')}
        onUpload={onUpload}
        onChange={(explanation) => onChange({ ...content, explanation })}
      />
      <div className="editor-grid">
        <Field label={t('editor.topic')} error={issueText(t, issues.topic)}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={content.topic}
              placeholder={t('editor.placeholder.topic')}
              maxLength={QUESTION_LIMITS.topicMax}
              onChange={(event) => onChange({ ...content, topic: event.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('editor.tags')}
          hint={t('editor.tagsHint')}
          error={issueText(t, issues.tags)}
        >
          {(control) => (
            <TagsInput
              {...control}
              tags={content.tags}
              onTagsChange={(tags) => onChange({ ...content, tags })}
            />
          )}
        </Field>
        <Field label={t('editor.difficulty')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={content.difficulty}
              onChange={(event) => onChange({ ...content, difficulty: Number(event.target.value) })}
            >
              {[1, 2, 3, 4, 5].map((level) => (
                <option key={level} value={level}>
                  {t('editor.difficultyLevel', { level })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('editor.points')} error={issueText(t, issues.points)}>
          {(control) => (
            <NumberInput
              {...control}
              value={content.points}
              onValueChange={(points) => onChange({ ...content, points })}
            />
          )}
        </Field>
        <Field label={t('editor.licence')} error={issueText(t, issues.licence)}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={content.licence}
              maxLength={QUESTION_LIMITS.licenceMax}
              onChange={(event) => onChange({ ...content, licence: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('editor.attribution')} error={issueText(t, issues.attribution)}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={content.attribution}
              maxLength={QUESTION_LIMITS.attributionMax}
              onChange={(event) => onChange({ ...content, attribution: event.target.value })}
            />
          )}
        </Field>
      </div>
    </>
  );
}
