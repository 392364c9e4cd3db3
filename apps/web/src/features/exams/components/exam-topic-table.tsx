import { roundPoints } from '../../../components/answering/score';
import { Table } from '../../../components/ui/table';
import { useT } from '../../../lib/i18n';
import type { TopicResult } from '../topic-results';

/** How each topic went: questions right and points, so the weakest topic stands out in words. */
export function ExamTopicTable({ results }: { results: TopicResult[] }) {
  const t = useT();
  return (
    <Table caption={t('exams.review.byTopic')}>
      <thead>
        <tr>
          <th scope="col">{t('exams.review.topic')}</th>
          <th scope="col">{t('exams.review.topicRight')}</th>
          <th scope="col">{t('exams.review.topicPoints')}</th>
        </tr>
      </thead>
      <tbody>
        {results.map((result) => (
          <tr key={result.topic}>
            <th scope="row">{result.topic}</th>
            <td>{t('exams.review.ofTotal', { part: result.right, total: result.total })}</td>
            <td>
              {t('exams.review.topicScore', {
                part: roundPoints(result.points),
                total: result.maxPoints,
                percent: result.maxPoints
                  ? Math.round((result.points / result.maxPoints) * 100)
                  : 0,
              })}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
