import type { MediaInfo } from '@questa/contracts';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { problemMessage } from '../../../components/ui/problem-message';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import { UPLOAD_LIMITS } from '@questa/contracts/rules';
import { fileNameAlts } from './content-helpers';
import { ImageAltDialog } from './image-alt-dialog';

export interface MarkdownFieldHandle {
  /** Puts `text` where the cursor is (or at the end) and returns the new value. */
  insert: (text: string) => string;
}

// Some systems declare WAV as audio/x-wav or Opus as audio/opus: the extensions keep such files
// choosable. The picker only filters; the server judges the bytes.
const accepted = [
  ...UPLOAD_LIMITS.contentTypes,
  ...['.mp3', '.m4a', '.ogg', '.oga', '.opus', '.wav', '.mp4', '.webm'],
].join(',');

/**
 * A Markdown text area with an upload of images, audio and video that asks what the file shows,
 * then inserts `![description](<reference>)` at the cursor: `media:<sha256>` for an image, with
 * `#audio` or `#video` after it for a sound or a film. A file name is never a description: it tells
 * a learner who cannot see the image nothing, so images described by one are pointed out.
 */
export function MarkdownField({
  label,
  hint,
  placeholder,
  error,
  value,
  onChange,
  rows = 6,
  maxLength,
  uploadLabel,
  onUpload,
  disabled = false,
  ref,
}: {
  label: string;
  hint?: string;
  /** Shown greyed while the field is empty; never part of the value. */
  placeholder?: string | undefined;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength: number;
  uploadLabel: string;
  onUpload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<MediaInfo>;
  disabled?: boolean;
  ref?: Ref<MarkdownFieldHandle>;
}) {
  const t = useT();
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<UploadProgress>();
  const [uploadError, setUploadError] = useState<ApiError>();
  const [chosen, setChosen] = useState<File>();
  const unnamed = fileNameAlts(value);

  const insert = (text: string) => {
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = `${value.slice(0, start)}${text}${value.slice(end)}`;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + text.length, start + text.length);
    });
    return next;
  };
  useImperativeHandle(ref, () => ({ insert }));

  const upload = async (file: File, alt: string) => {
    setUploadError(undefined);
    setProgress({ loaded: 0, total: file.size });
    try {
      const media = await onUpload(file, setProgress);
      onChange(insert(`![${alt}](${media.reference})`));
    } catch (caught) {
      setUploadError(toApiError(caught));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div className="markdown-field">
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          <textarea
            {...control}
            ref={area}
            className="input markdown-field__area"
            rows={rows}
            value={value}
            placeholder={placeholder}
            maxLength={maxLength}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </Field>
      <div className="markdown-field__tools">
        <Button
          variant="secondary"
          className="button--small"
          disabled={disabled || progress !== undefined}
          onClick={() => fileInput.current?.click()}
        >
          {uploadLabel}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={accepted}
          hidden
          aria-label={uploadLabel}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) setChosen(file);
          }}
        />
        {progress && (
          <div className="markdown-field__progress" role="status">
            <span>{t('editor.uploading')}</span>
            <ProgressBar
              label={t('editor.uploading')}
              value={progress.loaded}
              max={progress.total}
            />
          </div>
        )}
      </div>
      {unnamed.length > 0 && (
        <p className="field__hint markdown-field__warning">
          {t('editor.image.fileNameAlt', { alt: unnamed[0] ?? '' })}
        </p>
      )}
      <ImageAltDialog
        file={chosen}
        onCancel={() => setChosen(undefined)}
        onInsert={(alt) => {
          const file = chosen;
          setChosen(undefined);
          if (file) void upload(file, alt);
        }}
      />
      {uploadError && (
        <p className="field__error" role="alert">
          {t('editor.uploadFailed')} {problemMessage(t, uploadError)}
        </p>
      )}
    </div>
  );
}
