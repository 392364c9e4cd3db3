import { LIVE_LIMITS } from '@questa/contracts/rules';
import type {
  LiveCandidate,
  LiveHostBank,
  LiveHostBanks,
  LiveRoomCreate,
  LiveRoomSettings,
} from '@questa/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, useI18n, useT } from '../../../lib/i18n';
import { useHostBanks } from '../api/get-host-banks';
import { useCreateRoom, useHostedRooms } from '../api/live-api';
import { useOpenClassRoom, type ClassRef } from '../api/open-class-room';
import { QuestionPicker } from './question-picker';
import './live.css';

/** A bank in the picker, with the tenant to send when the host reads it with their own access. */
interface PickerBank {
  bank: LiveHostBank;
  /** Set for the host's own tenants' banks, read as the host; left out for the catalog's. */
  clientId?: string;
}

/** The picker's banks, the host's own tenants' first, then the catalog's; empty ones left out. */
function pickerBanks(banks: LiveHostBanks): PickerBank[] {
  return [
    ...banks.tenants.flatMap((tenant) =>
      tenant.banks.map((bank) => ({ bank, clientId: tenant.clientId })),
    ),
    ...banks.catalog.map((bank) => ({ bank })),
  ].filter(({ bank }) => bank.questionCount > 0);
}

/**
 * `/host`: open a room from a bank with its settings, and the rooms hosted before. For a class
 * (`forClass`), the room is the class's: its learners join with their accounts, so there is no
 * nickname to choose, and its results go to the class's gradebook.
 */
export function HostStart({ forClass }: { forClass?: ClassRef }) {
  const t = useT();
  const { locale } = useI18n();
  const navigate = useNavigate();
  const banks = useHostBanks();
  const rooms = useHostedRooms();
  const createOpen = useCreateRoom();
  const createForClass = useOpenClassRoom(forClass ?? { clientId: '', classId: '' });
  const create = forClass ? createForClass : createOpen;
  const [bankId, setBankId] = useState('');
  const [mode, setMode] = useState<'draw' | 'pick'>('draw');
  const [count, setCount] = useState<number>(LIVE_LIMITS.questionsDefault);
  const [picked, setPicked] = useState<LiveCandidate[]>([]);
  const [settings, setSettings] = useState<LiveRoomSettings>({
    timerSeconds: LIVE_LIMITS.timerDefaultSeconds,
    scoring: 'speed',
    streakBonus: true,
    showQuestionOnDevices: true,
    maxPlayers: LIVE_LIMITS.maxPlayers,
    nicknames: 'typed',
    revealManually: false,
  });
  const set = <K extends keyof LiveRoomSettings>(key: K, value: LiveRoomSettings[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));
  const options = banks.data ? pickerBanks(banks.data) : [];
  const chosen = options.find((option) => option.bank.id === bankId) ?? options[0];
  const picking = mode === 'pick' && chosen !== undefined;

  const chooseBank = (id: string) => {
    setBankId(id);
    // Picked questions belong to the bank they were picked from.
    setPicked([]);
    create.reset();
  };

  const submit = async () => {
    if (!chosen) return;
    const request: LiveRoomCreate = {
      bankId: chosen.bank.id,
      ...(chosen.clientId !== undefined && { clientId: chosen.clientId }),
      questions: picking
        ? { mode: 'pick', questionIds: picked.map((question) => question.id) }
        : { mode: 'draw', count },
      settings,
    };
    const outcome = await create.mutate(request);
    if (outcome.ok) void navigate(`/host/${outcome.data.id}`);
  };

  // The server names each picked question it would not take by its place in the list.
  const refusals: Record<number, string> = {};
  if (picking && create.status === 'error') {
    for (const error of create.error.fieldErrors) {
      const place = /^questions\.questionIds\.(\d+)$/.exec(error.field);
      if (place) refusals[Number(place[1])] = error.message;
    }
  }

  return (
    <div className="page live-host-start">
      <PageTitle title={forClass ? t('live.host.classTitle') : t('live.host.title')} />
      <header className="page__header">
        <h1>{forClass ? t('live.host.classTitle') : t('live.host.title')}</h1>
        <p className="page__intro">{forClass ? t('live.host.classIntro') : t('live.host.intro')}</p>
        {forClass && (
          <p>
            <Link
              to={`/classes/${encodeURIComponent(forClass.classId)}?workspace=${encodeURIComponent(forClass.clientId)}`}
            >
              {t('live.host.classBack')}
            </Link>
          </p>
        )}
      </header>

      <section className="panel" aria-labelledby="live-new-room">
        <h2 id="live-new-room">{t('live.host.newRoom')}</h2>
        {banks.status === 'pending' && <Skeleton height="2.5rem" />}
        {banks.status === 'error' && (
          <ProblemAlert
            title={t('live.host.banksFailed')}
            error={banks.error}
            onRetry={banks.retry}
          />
        )}
        {banks.status === 'success' && (
          <form
            className="live-host-form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Field label={t('live.host.bank')} hint={t('live.host.bankHint')}>
              {(control) => (
                <select
                  {...control}
                  value={chosen?.bank.id ?? ''}
                  onChange={(event) => chooseBank(event.target.value)}
                >
                  {banks.data.tenants.map((tenant) => (
                    <BankGroup
                      key={tenant.clientId}
                      label={t('live.host.tenantBanks', { name: tenant.name })}
                      banks={tenant.banks}
                    />
                  ))}
                  <BankGroup label={t('live.host.catalogBanks')} banks={banks.data.catalog} />
                </select>
              )}
            </Field>
            <fieldset className="fieldset live-host-form__choices">
              <legend>{t('live.host.choose')}</legend>
              {(['draw', 'pick'] as const).map((choice) => (
                <label key={choice}>
                  <input
                    type="radio"
                    name="choose"
                    checked={(picking ? 'pick' : 'draw') === choice}
                    onChange={() => {
                      setMode(choice);
                      create.reset();
                    }}
                  />
                  {t(`live.host.choose.${choice}`)}
                </label>
              ))}
            </fieldset>
            {picking && (
              <QuestionPicker
                key={chosen.bank.id}
                clientId={chosen.clientId}
                bankId={chosen.bank.id}
                picked={picked}
                onChange={(next) => {
                  setPicked(next);
                  create.reset();
                }}
                refusals={refusals}
              />
            )}
            <div className="live-host-form__row">
              {!picking && (
                <Field label={t('live.host.count')}>
                  {(control) => (
                    <input
                      {...control}
                      type="number"
                      min={LIVE_LIMITS.questionsMin}
                      max={LIVE_LIMITS.questionsMax}
                      value={count}
                      onChange={(event) => setCount(Number(event.target.value))}
                    />
                  )}
                </Field>
              )}
              <Field
                label={t('live.host.timer')}
                hint={t('live.host.timerHint', {
                  min: LIVE_LIMITS.timerMinSeconds,
                  max: LIVE_LIMITS.timerMaxSeconds,
                })}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    min={LIVE_LIMITS.timerMinSeconds}
                    max={LIVE_LIMITS.timerMaxSeconds}
                    value={settings.timerSeconds}
                    onChange={(event) => set('timerSeconds', Number(event.target.value))}
                  />
                )}
              </Field>
              <Field label={t('live.host.maxPlayers')}>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    min={1}
                    max={LIVE_LIMITS.maxPlayers}
                    value={settings.maxPlayers}
                    onChange={(event) => set('maxPlayers', Number(event.target.value))}
                  />
                )}
              </Field>
            </div>
            <fieldset className="fieldset live-host-form__choices">
              <legend>{t('live.host.scoring')}</legend>
              {(['speed', 'accuracy'] as const).map((scoring) => (
                <label key={scoring}>
                  <input
                    type="radio"
                    name="scoring"
                    checked={settings.scoring === scoring}
                    onChange={() => set('scoring', scoring)}
                  />
                  {t(`live.host.scoring.${scoring}`)}
                </label>
              ))}
            </fieldset>
            {!forClass && (
              <fieldset className="fieldset live-host-form__choices">
                <legend>{t('live.host.nicknames')}</legend>
                {(['typed', 'generated'] as const).map((mode) => (
                  <label key={mode}>
                    <input
                      type="radio"
                      name="nicknames"
                      checked={settings.nicknames === mode}
                      onChange={() => set('nicknames', mode)}
                    />
                    {t(`live.host.nicknames.${mode}`)}
                  </label>
                ))}
              </fieldset>
            )}
            <label className="live-check">
              <input
                type="checkbox"
                checked={settings.streakBonus}
                disabled={settings.scoring === 'accuracy'}
                onChange={(event) => set('streakBonus', event.target.checked)}
              />
              {t('live.host.streakBonus')}
            </label>
            <label className="live-check">
              <input
                type="checkbox"
                checked={settings.showQuestionOnDevices}
                onChange={(event) => set('showQuestionOnDevices', event.target.checked)}
              />
              {t('live.host.showOnDevices')}
            </label>
            <label className="live-check">
              <input
                type="checkbox"
                checked={settings.revealManually === true}
                onChange={(event) => set('revealManually', event.target.checked)}
              />
              {t('live.host.revealManually')}
            </label>
            <p className="live-muted">{t('live.host.types')}</p>
            {create.status === 'error' && (
              <ProblemAlert title={t('live.host.createFailed')} error={create.error} />
            )}
            <Button
              type="submit"
              disabled={!chosen || (picking && picked.length === 0) || create.status === 'pending'}
            >
              {create.status === 'pending' ? t('live.host.opening') : t('live.host.open')}
            </Button>
          </form>
        )}
      </section>

      <section className="panel" aria-labelledby="live-past-rooms">
        <h2 id="live-past-rooms">{t('live.host.past')}</h2>
        {rooms.status === 'pending' && <Skeleton height="2rem" />}
        {rooms.status === 'error' && (
          <ProblemAlert
            title={t('live.host.pastFailed')}
            error={rooms.error}
            onRetry={rooms.retry}
          />
        )}
        {rooms.status === 'success' && rooms.data.rooms.length === 0 && (
          <EmptyState title={t('live.host.noRooms')} />
        )}
        {rooms.status === 'success' && rooms.data.rooms.length > 0 && (
          <ul className="live-rooms">
            {rooms.data.rooms.map((room) => (
              <li key={room.id}>
                <Link to={`/host/${room.id}`}>{room.bankTitle}</Link>
                {room.className && (
                  <span className="live-rooms__class">
                    {t('live.host.classRoom', { name: room.className })}
                  </span>
                )}
                <span className="live-muted">
                  {formatDateTime(room.createdAt, locale)} · {t(`live.state.${room.state}`)} ·{' '}
                  {t('live.playersIn', { count: room.playerCount })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** One group of the bank picker; a bank without questions cannot open a room. */
function BankGroup({ label, banks }: { label: string; banks: readonly LiveHostBank[] }) {
  const t = useT();
  const usable = banks.filter((bank) => bank.questionCount > 0);
  if (usable.length === 0) return null;
  return (
    <optgroup label={label}>
      {usable.map((bank) => (
        <option key={bank.id} value={bank.id}>
          {bank.visibility === 'public'
            ? bank.title
            : t(`live.host.bankVisibility.${bank.visibility}`, { title: bank.title })}
        </option>
      ))}
    </optgroup>
  );
}
