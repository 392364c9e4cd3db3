import type { CatalogBankDetail } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import './topic-chart.css';

/**
 * Questions per topic as horizontal bars. The bars are decoration; each row states its topic and
 * count as text, so the list reads the same without them.
 */
export function TopicChart({ topics }: { topics: CatalogBankDetail['topics'] }) {
  const t = useT();
  if (topics.length === 0) return <p className="topic-chart__empty">{t('bank.noTopics')}</p>;

  const sorted = [...topics].sort((a, b) => b.questionCount - a.questionCount);
  const largest = Math.max(1, ...sorted.map((topic) => topic.questionCount));

  return (
    <ul className="topic-chart" aria-label={t('bank.topicsChart')}>
      {sorted.map((topic) => (
        <li key={topic.topic} className="topic-chart__row">
          <span className="topic-chart__label">{topic.topic}</span>
          <span className="topic-chart__count">
            {t('catalog.questionCount', { count: topic.questionCount })}
          </span>
          <span className="topic-chart__track" aria-hidden="true">
            <span
              className="topic-chart__bar"
              style={{ width: `${(topic.questionCount / largest) * 100}%` }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}
