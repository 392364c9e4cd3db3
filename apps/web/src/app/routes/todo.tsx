import { PageTitle } from '../../components/ui/page-title';
import { TodoPage } from '../../features/classes/components/todo-page';
import { ClassLiveNow } from '../../features/live/components/class-live-now';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  return (
    <div className="page">
      <PageTitle title={t('todo.title')} />
      <header className="page__header">
        <h1>{t('todo.title')}</h1>
        <p className="page__intro">{t('todo.intro')}</p>
      </header>
      <ClassLiveNow />
      <TodoPage />
    </div>
  );
}
