import { normaliseJoinCode } from '@questa/contracts/rules';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useJoinClass } from '../api/join-class';
import './classes.css';

/**
 * Where a class link lands: the learner says yes before joining, since joining shows their name
 * and results to the class's teacher.
 */
export function JoinPage({ code }: { code: string }) {
  const t = useT();
  const join = useJoinClass();
  const normalised = normaliseJoinCode(code);

  if (join.status === 'success') {
    return (
      <div className="join-page" role="status">
        <h1>{t('classes.joinedTitle', { name: join.data.name })}</h1>
        <p>{t('classes.joinedBody', { teacher: join.data.teacherName })}</p>
        <p>
          <Link to="/todo" className={buttonClass('primary')}>
            {t('classes.toTodo')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="join-page">
      <h1>{t('classes.joinPageTitle')}</h1>
      <p>{t('classes.joinPageBody', { code: normalised })}</p>
      {join.error && <ProblemAlert title={t('classes.joinFailed')} error={join.error} />}
      <Button disabled={join.status === 'pending'} onClick={() => void join.mutate(normalised)}>
        {join.status === 'pending' ? t('classes.joining') : t('classes.join')}
      </Button>
    </div>
  );
}
