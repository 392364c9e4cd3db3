import { LIVE_LIMITS } from '@questa/contracts/rules';
import type { LiveRoomSettings } from '@questa/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, useI18n, useT } from '../../../lib/i18n';
import { useCreateRoom, useHostBanks, useHostedRooms } from '../api/live-api';
import './live.css';

/** `/host`: open a room from a bank with its settings, and the rooms hosted before. */
export function HostStart() {
  const t = useT();
  const { locale } = useI18n();
  const navigate = useNavigate();
  const banks = useHostBanks();
  const rooms = useHostedRooms();
  const create = useCreateRoom();
  const [bankId, setBankId] = useState('');
  const [count, setCount] = useState<number>(LIVE_LIMITS.questionsDefault);
  const [settings, setSettings] = useState<LiveRoomSettings>({
    timerSeconds: LIVE_LIMITS.timerDefaultSeconds,
    scoring: 'speed',
    streakBonus: true,
    showQuestionOnDevices: true,
    maxPlayers: LIVE_LIMITS.maxPlayers,
    nicknames: 'typed',
  });
  const set = <K extends keyof LiveRoomSettings>(key: K, value: LiveRoomSettings[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));
  const chosenBank = bankId || banks.data?.banks.find((bank) => bank.questionCount > 0)?.id || '';

  const submit = async () => {
    const outcome = await create.mutate({ bankId: chosenBank, count, settings });
    if (outcome.ok) void navigate(`/host/${outcome.data.id}`);
  };

  return (
    <div className="page live-host-start">
      <PageTitle title={t('live.host.title')} />
      <header className="page__header">
        <h1>{t('live.host.title')}</h1>
        <p className="page__intro">{t('live.host.intro')}</p>
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
                  value={chosenBank}
                  onChange={(event) => setBankId(event.target.value)}
                >
                  {banks.data.banks
                    .filter((bank) => bank.questionCount > 0)
                    .map((bank) => (
                      <option key={bank.id} value={bank.id}>
                        {bank.title}
                      </option>
                    ))}
                </select>
              )}
            </Field>
            <div className="live-host-form__row">
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
            <p className="live-muted">{t('live.host.types')}</p>
            {create.status === 'error' && (
              <ProblemAlert title={t('live.host.createFailed')} error={create.error} />
            )}
            <Button type="submit" disabled={!chosenBank || create.status === 'pending'}>
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
