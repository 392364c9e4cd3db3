import type { Translate } from '../../../lib/i18n';
import type { Issue } from '../validate-question';

/** The sentence shown under a field for one of its issues. */
export function issueText(t: Translate, issue: Issue | undefined): string | undefined {
  if (!issue) return undefined;
  if (issue.code === 'server') return issue.params.message;
  return t(`editor.error.${issue.code}`, issue.params);
}
