import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aQuestionDetail,
  clientId,
  contents,
  qdb,
  questionId,
} from '../../testing/authoring-fixtures';
import { renderApp } from '../../testing/render-app';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { jsonResponse, stubApi } from '../../testing/stub-fetch';

describe('the essay editor', () => {
  it('edits the rubric, model answer and word limits, and checks the limits’ order', async () => {
    stubApi({
      [`GET ${qdb(`/questions/${questionId}`)}`]: () =>
        jsonResponse(aQuestionDetail(contents.essay)),
    });
    renderApp(`/author/questions/${questionId}?tenant=${clientId}`, {
      session: aSession({}, [aMembership({ role: 'author' })]),
    });

    const rubric = (await screen.findByLabelText('Rubric')) as HTMLTextAreaElement;
    expect(rubric.value).toBe(contents.essay.rubric);
    expect((screen.getByLabelText('Model answer') as HTMLTextAreaElement).value).toBe(
      contents.essay.modelAnswer,
    );
    expect((screen.getByLabelText('Maximum words (optional)') as HTMLInputElement).value).toBe(
      '200',
    );
    expect((screen.getByLabelText('Minimum words (optional)') as HTMLInputElement).value).toBe('');
    expect(document.querySelector('.field__error')).toBeNull();

    fireEvent.change(screen.getByLabelText('Minimum words (optional)'), {
      target: { value: '250' },
    });
    expect(screen.getByText('The maximum must not be below the minimum.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Minimum words (optional)'), {
      target: { value: '' },
    });
    expect(screen.queryByText('The maximum must not be below the minimum.')).toBeNull();
  });
});
