import { CLASS_LIMITS, normaliseJoinCode } from '@questa/contracts/rules';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';

/** Typing a class code leads to the join page, which asks before joining. */
export function JoinByCode() {
  const t = useT();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const normalised = normaliseJoinCode(code);
    if (normalised.length !== CLASS_LIMITS.joinCodeLength) {
      setError(t('todo.codeInvalid', { length: CLASS_LIMITS.joinCodeLength }));
      return;
    }
    setError(undefined);
    await navigate(`/join/${normalised}`);
  }

  return (
    <section aria-labelledby="todo-join" className="todo__join">
      <h2 id="todo-join">{t('todo.joinTitle')}</h2>
      <form onSubmit={submit} noValidate className="classes__create">
        <Field label={t('todo.code')} error={error}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={code}
              autoCapitalize="characters"
              autoComplete="off"
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit">{t('todo.joinButton')}</Button>
      </form>
    </section>
  );
}
