import type { AdminUser } from '@questa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { LEARNING } from '@questa/contracts/rules';

/** The choices most accommodations use; any whole number up to the maximum can be typed. */
const presets = [0, 25, 50, 100];
const maxPercent = LEARNING.maxExtraTimePercent;

/**
 * A user's extra exam time: a preset from the list applies at once; "Other" opens a field for
 * any whole percentage from 0 to the maximum, applied with Save.
 */
export function ExtraTimeControl({
  user,
  busy,
  onSave,
}: {
  user: AdminUser;
  busy: boolean;
  onSave: (percent: number) => void;
}) {
  const t = useT();
  const id = useId();
  const isPreset = presets.includes(user.extraTimePercent);
  const [other, setOther] = useState<string | null>(
    isPreset ? null : String(user.extraTimePercent),
  );
  const [invalid, setInvalid] = useState(false);

  const saveOther = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(other);
    if (
      other === null ||
      other.trim() === '' ||
      !Number.isInteger(value) ||
      value < 0 ||
      value > maxPercent
    ) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSave(value);
  };

  return (
    <div className="admin-extra-time">
      <select
        className="input"
        aria-label={t('admin.extraTime.for', { email: user.email })}
        value={other !== null ? 'other' : String(user.extraTimePercent)}
        disabled={busy}
        onChange={(event) => {
          const { value } = event.target;
          if (value === 'other') {
            setOther(String(user.extraTimePercent));
            return;
          }
          setOther(null);
          setInvalid(false);
          if (Number(value) !== user.extraTimePercent) onSave(Number(value));
        }}
      >
        {presets.map((percent) => (
          <option key={percent} value={percent}>
            {percent === 0 ? t('admin.extraTime.none') : t('admin.extraTime.percent', { percent })}
          </option>
        ))}
        <option value="other">{t('admin.extraTime.other')}</option>
      </select>
      {other !== null && (
        <form className="admin-extra-time__other" onSubmit={saveOther} noValidate>
          <input
            type="number"
            className="input"
            min={0}
            max={maxPercent}
            step={1}
            inputMode="numeric"
            value={other}
            aria-label={t('admin.extraTime.percentFor', { email: user.email })}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => setOther(event.target.value)}
          />
          <span aria-hidden="true">%</span>
          <Button
            type="submit"
            variant="secondary"
            className="button--small"
            disabled={busy}
            aria-label={t('admin.extraTime.saveFor', { email: user.email })}
          >
            {t('admin.extraTime.save')}
          </Button>
          <FieldError
            id={`${id}-error`}
            message={invalid ? t('admin.extraTime.invalid', { max: maxPercent }) : undefined}
          />
        </form>
      )}
    </div>
  );
}
