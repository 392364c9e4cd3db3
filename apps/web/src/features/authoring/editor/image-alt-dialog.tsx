import { mediaKindOf } from '@questa/contracts/rules';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { useT } from '../../../lib/i18n';
import '../../../components/ui/confirm-dialog.css';

/** Longer descriptions belong in the question text, where everyone reads them. */
const altMax = 250;

/**
 * Asks what an image, a sound or a film shows before it goes into the text, because its
 * description is what learners who cannot see or hear it get. An image that adds nothing is marked
 * decorative and gets an empty description, which screen readers skip; a sound or a film is never
 * decorative in a question, so it always needs one. Rendered outside the editor's form, so Enter
 * here inserts the file instead of saving the question.
 */
export function ImageAltDialog({
  file,
  onInsert,
  onCancel,
}: {
  /** The chosen image; the dialog is open while there is one. */
  file: File | undefined;
  onInsert: (alt: string) => void;
  onCancel: () => void;
}) {
  const dialog = useModalDialog(file !== undefined);
  const titleId = useId();
  return createPortal(
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {file && (
        // A new form for each image, so nothing typed for the last one is left behind.
        <AltForm
          key={`${file.name}-${file.lastModified}`}
          {...{ file, onInsert, onCancel, titleId }}
        />
      )}
    </dialog>,
    document.body,
  );
}

function AltForm({
  file,
  onInsert,
  onCancel,
  titleId,
}: {
  file: File;
  onInsert: (alt: string) => void;
  onCancel: () => void;
  titleId: string;
}) {
  const t = useT();
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [tried, setTried] = useState(false);
  const description = alt.replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim();
  const missing = !decorative && description === '';
  // The declared type only picks the words; the server judges the bytes and names the kind in
  // the reference it returns.
  const kind = mediaKindOf(file.type);
  const words =
    kind === 'audio' || kind === 'video'
      ? {
          title: t(`editor.${kind}.title`),
          intro: t(`editor.${kind}.intro`, { name: file.name }),
          hint: t(`editor.${kind}.altHint`),
          missing: t(`editor.${kind}.altMissing`),
          insert: t(`editor.${kind}.insert`),
        }
      : {
          title: t('editor.image.title'),
          intro: t('editor.image.intro', { name: file.name }),
          hint: t('editor.image.altHint'),
          missing: t('editor.image.altMissing'),
          insert: t('editor.image.insert'),
        };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!missing) onInsert(decorative ? '' : description);
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {words.title}
      </h2>
      <div className="confirm-dialog__body">
        <p>{words.intro}</p>
      </div>
      <Field
        label={t('editor.image.alt')}
        hint={words.hint}
        error={tried && missing ? words.missing : undefined}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            value={alt}
            maxLength={altMax}
            disabled={decorative}
            autoFocus
            onChange={(event) => setAlt(event.target.value)}
          />
        )}
      </Field>
      {kind !== 'audio' && kind !== 'video' && (
        <label className="check">
          <input
            type="checkbox"
            checked={decorative}
            onChange={(event) => setDecorative(event.target.checked)}
          />
          <span>{t('editor.image.decorative')}</span>
        </label>
      )}
      <div className="confirm-dialog__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button type="submit">{words.insert}</Button>
      </div>
    </form>
  );
}
