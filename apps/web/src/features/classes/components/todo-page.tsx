import type { TodoItem } from '@questa/contracts';
import { useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { useTodo } from '../api/get-todo';
import { useStartAssignment, workPath } from '../api/start-assignment';
import { JoinByCode } from './join-by-code';
import './classes.css';

/** A learner's assignments from every class: To do, due soonest first with overdue on top, and Done. */
export function TodoPage() {
  const { t } = useI18n();
  const todo = useTodo();
  if (todo.status === 'pending') {
    return (
      <div aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('todo.loading')}
        </p>
        <Skeleton height="5rem" />
        <Skeleton height="5rem" />
      </div>
    );
  }
  if (todo.status === 'error') {
    return <ProblemAlert title={t('todo.loadFailed')} error={todo.error} onRetry={todo.retry} />;
  }
  return (
    <div className="todo">
      <section aria-labelledby="todo-open">
        <h2 id="todo-open">{t('todo.open')}</h2>
        {todo.data.todo.length === 0 ? (
          <EmptyState title={t('todo.emptyTitle')}>
            <p>{t('todo.emptyBody')}</p>
          </EmptyState>
        ) : (
          <ul className="todo__list">
            {todo.data.todo.map((item) => (
              <TodoEntry key={item.assignment.id} item={item} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="todo-done">
        <h2 id="todo-done">{t('todo.done')}</h2>
        {todo.data.done.length === 0 ? (
          <p>{t('todo.noneDone')}</p>
        ) : (
          <ul className="todo__list">
            {todo.data.done.map((item) => (
              <TodoEntry key={item.assignment.id} item={item} />
            ))}
          </ul>
        )}
      </section>
      <JoinByCode />
    </div>
  );
}

function TodoEntry({ item }: { item: TodoItem }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const start = useStartAssignment();
  const { assignment } = item;
  const completed = item.state === 'completed';
  return (
    <li className="todo__item" data-overdue={item.overdue || undefined}>
      <div className="todo__heading">
        <h3 className="todo__title">{assignment.title}</h3>
        <Badge tone="info">{t(`assignments.kind.${assignment.kind}`)}</Badge>
        {item.overdue && <Badge tone="danger">{t('todo.overdue')}</Badge>}
        {completed && item.late && <Badge tone="danger">{t('todo.late')}</Badge>}
      </div>
      <p className="todo__meta">
        {t('todo.meta', {
          className: item.className,
          count: assignment.questionCount,
          due: formatDateTime(assignment.dueAt, locale),
        })}
      </p>
      {completed && item.score !== null && (
        <p className="todo__score">{t('todo.score', { percent: Math.round(item.score * 100) })}</p>
      )}
      {item.startable && (completed ? item.attemptsUsed < assignment.attemptsAllowed : true) && (
        <Button
          variant={completed ? 'secondary' : 'primary'}
          disabled={start.status === 'pending'}
          aria-label={t(item.current ? 'todo.resumeNamed' : 'todo.startNamed', {
            title: assignment.title,
          })}
          onClick={async () => {
            const outcome = await start.mutate(assignment.id);
            if (outcome.ok) await navigate(workPath(outcome.data));
          }}
        >
          {item.current ? t('todo.resume') : completed ? t('todo.again') : t('todo.start')}
        </Button>
      )}
      {!item.startable && !completed && <p className="todo__closed">{t('todo.closed')}</p>}
      {start.error && <ProblemAlert title={t('todo.startFailed')} error={start.error} />}
    </li>
  );
}
