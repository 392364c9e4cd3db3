import { useSearchParams } from 'react-router';
import { Forbidden } from '../../components/forbidden';
import { NotFound } from '../../components/not-found';
import { NewQuestionEditor } from '../../features/authoring/editor/new-question-editor';
import { isQuestionType } from '../../features/authoring/question-kinds';
import { WithAuthorTenant } from './author-tenant';
import './page.css';

/** `?bank=…&type=…`: a question of that type for that bank, created once the author has written it. */
export function Component() {
  const [params] = useSearchParams();
  const bankId = params.get('bank') ?? '';
  const type = params.get('type');
  return (
    <WithAuthorTenant resource={{ kind: 'banks', id: bankId }}>
      {(access) =>
        !bankId || !isQuestionType(type) ? (
          <NotFound />
        ) : !access.canWrite ? (
          <Forbidden />
        ) : (
          <NewQuestionEditor
            key={`${bankId}/${type}`}
            access={access}
            bankId={bankId}
            type={type}
          />
        )
      }
    </WithAuthorTenant>
  );
}
