import type { AssignmentInput } from '@questa/contracts';
import {
  assignmentKinds,
  CLASS_LIMITS,
  LIVE_LIMITS,
  type AssignmentKind,
  type LatePolicy,
} from '@questa/contracts/rules';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { useT } from '../../../lib/i18n';
import { useAssignableBanks, useBankBlueprints } from '../api/assignable-banks';
import { useGiveAssignment } from '../api/give-assignment';

/** A `datetime-local` value in the browser's time zone. */
function localInput(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

const day = 86_400_000;

/**
 * The form that gives a class a practice set, an exam or a challenge. Times are the teacher's local ones;
 * the server keeps them as instants.
 */
export function GiveAssignmentForm({ clientId, classId }: { clientId: string; classId: string }) {
  const t = useT();
  const banks = useAssignableBanks(clientId);
  const give = useGiveAssignment();
  const notice = useSavedNotice();
  const [kind, setKind] = useState<AssignmentKind>('practice');
  const [title, setTitle] = useState('');
  const [bankId, setBankId] = useState('');
  const [questionCount, setQuestionCount] = useState('10');
  const [blueprintId, setBlueprintId] = useState('default');
  const [questionSeconds, setQuestionSeconds] = useState(String(LIVE_LIMITS.timerDefaultSeconds));
  const [opensAt, setOpensAt] = useState(() => localInput(new Date()));
  const [dueAt, setDueAt] = useState(() => localInput(new Date(Date.now() + day)));
  const [attempts, setAttempts] = useState('1');
  const [latePolicy, setLatePolicy] = useState<LatePolicy>('accept');
  const [penalty, setPenalty] = useState('10');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosenBank = bankId || (banks.data?.[0]?.id ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (title.trim() === '') found.title = t('assignments.titleRequired');
    if (!chosenBank) found.bankId = t('assignments.bankRequired');
    if (!(new Date(dueAt) > new Date(opensAt))) found.dueAt = t('assignments.dueAfterOpen');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const schedule = {
      title: title.trim(),
      bankId: chosenBank,
      opensAt: new Date(opensAt).toISOString(),
      dueAt: new Date(dueAt).toISOString(),
      attemptsAllowed: Number(attempts),
      latePolicy,
      latePenaltyPercent: latePolicy === 'penalty' ? Number(penalty) : 0,
    };
    const input: AssignmentInput =
      kind === 'practice'
        ? { kind, ...schedule, questionCount: Number(questionCount) }
        : kind === 'challenge'
          ? {
              kind,
              ...schedule,
              questionCount: Number(questionCount),
              questionSeconds: Number(questionSeconds),
            }
          : { kind, ...schedule, blueprintId };
    const outcome = await give.mutate(clientId, classId, input);
    if (outcome.ok) {
      setTitle('');
      notice.show(
        t('assignments.given', { title: outcome.data.title, count: outcome.data.questionCount }),
      );
    }
  }

  return (
    <form className="give-assignment" onSubmit={submit} noValidate>
      <fieldset className="give-assignment__kind">
        <legend>{t('assignments.kind')}</legend>
        {assignmentKinds.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="assignment-kind"
              value={option}
              checked={kind === option}
              onChange={() => setKind(option)}
            />{' '}
            {t(`assignments.kind.${option}`)}
          </label>
        ))}
      </fieldset>
      <Field label={t('assignments.title')} error={errors.title}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={title}
            maxLength={CLASS_LIMITS.titleMax}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      {banks.status === 'error' && (
        <ProblemAlert
          title={t('assignments.banksFailed')}
          error={banks.error}
          onRetry={banks.retry}
        />
      )}
      <Field label={t('assignments.bank')} error={errors.bankId}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={chosenBank}
            disabled={banks.status !== 'success'}
            onChange={(event) => {
              setBankId(event.target.value);
              setBlueprintId('default');
            }}
          >
            {banks.status === 'pending' && (
              <option value="">{t('assignments.banksLoading')}</option>
            )}
            {banks.data?.length === 0 && <option value="">{t('assignments.noBanks')}</option>}
            {banks.data?.map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bank.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      {kind === 'challenge' && (
        <p className="give-assignment__hint">{t('assignments.challengeHint')}</p>
      )}
      {kind !== 'exam' ? (
        <div className="give-assignment__row">
          <Field label={t('assignments.questionCount')}>
            {(control) => (
              <input
                {...control}
                className="input"
                type="number"
                min={1}
                max={
                  kind === 'challenge'
                    ? CLASS_LIMITS.challengeQuestionsMax
                    : CLASS_LIMITS.practiceQuestionsMax
                }
                value={questionCount}
                onChange={(event) => setQuestionCount(event.target.value)}
              />
            )}
          </Field>
          {kind === 'challenge' && (
            <Field label={t('assignments.questionSeconds')}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="number"
                  min={LIVE_LIMITS.timerMinSeconds}
                  max={LIVE_LIMITS.timerMaxSeconds}
                  value={questionSeconds}
                  onChange={(event) => setQuestionSeconds(event.target.value)}
                />
              )}
            </Field>
          )}
        </div>
      ) : (
        chosenBank && (
          <BlueprintField
            clientId={clientId}
            bankId={chosenBank}
            value={blueprintId}
            onChange={setBlueprintId}
          />
        )
      )}
      <div className="give-assignment__row">
        <Field label={t('assignments.opensAt')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="datetime-local"
              value={opensAt}
              onChange={(event) => setOpensAt(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('assignments.dueAt')} error={errors.dueAt}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="datetime-local"
              value={dueAt}
              onChange={(event) => setDueAt(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="give-assignment__row">
        <Field label={t('assignments.attempts')}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              min={1}
              max={CLASS_LIMITS.attemptsMax}
              value={attempts}
              onChange={(event) => setAttempts(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('assignments.latePolicy')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={latePolicy}
              onChange={(event) => setLatePolicy(event.target.value as LatePolicy)}
            >
              {(['accept', 'penalty', 'refuse'] as const).map((policy) => (
                <option key={policy} value={policy}>
                  {t(`assignments.late.${policy}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {latePolicy === 'penalty' && (
          <Field label={t('assignments.penalty')}>
            {(control) => (
              <input
                {...control}
                className="input"
                type="number"
                min={0}
                max={100}
                value={penalty}
                onChange={(event) => setPenalty(event.target.value)}
              />
            )}
          </Field>
        )}
      </div>
      {give.error && <ProblemAlert title={t('assignments.giveFailed')} error={give.error} />}
      <Button type="submit" disabled={give.status === 'pending'}>
        {give.status === 'pending' ? t('assignments.giving') : t('assignments.give')}
      </Button>
      <SavedNotice notice={notice} />
    </form>
  );
}

function BlueprintField({
  clientId,
  bankId,
  value,
  onChange,
}: {
  clientId: string;
  bankId: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const t = useT();
  const blueprints = useBankBlueprints(clientId, bankId);
  const own = (blueprints.data ?? []).filter((blueprint) => !blueprint.isDefault);
  return (
    <Field label={t('assignments.blueprint')}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="default">{t('assignments.defaultBlueprint')}</option>
          {own.map((blueprint) => (
            <option key={blueprint.id} value={blueprint.id}>
              {blueprint.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
