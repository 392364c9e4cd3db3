// @vitest-environment jsdom
import type { QuestionContent } from '@questa/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { contents } from '../../../testing/authoring-fixtures';
import { validateQuestion } from '../validate-question';
import { CalculatedFields } from './calculated-fields';
import { QuestionPreview } from './question-preview';

afterEach(cleanup);

type Calculated = Extract<QuestionContent, { type: 'calculated' }>;

function Harness({ start }: { start: Calculated }) {
  const [content, setContent] = useState(start);
  return (
    <>
      <CalculatedFields
        content={content}
        onChange={setContent}
        issues={validateQuestion(content)}
      />
      <QuestionPreview content={content} />
    </>
  );
}

const renderEditor = (start: Calculated = contents.calculated) =>
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <Harness start={start} />
    </I18nProvider>,
  );

describe('the calculated question editor', () => {
  it('reads the formula back and shows a sample draw with its answer', () => {
    renderEditor();
    expect(screen.getByText('Reads as: a * b')).toBeTruthy();
    const sample = within(screen.getByRole('region', { name: 'Sample draw' }));
    const values = sample.getByText(/^a = \d+, b = \d+\.\d$/).textContent ?? '';
    const [, a, b] = /a = (\d+), b = ([\d.]+)/.exec(values) ?? [];
    const answer = (Number(a) * Number(b)).toFixed(1);
    expect(sample.getByText(new RegExp(`^Answer: ${answer.replace('.', '\\.')} ± `))).toBeTruthy();
  });

  it('checks the formula as it is typed', () => {
    renderEditor();
    const formula = screen.getByLabelText('Answer formula');
    fireEvent.change(formula, { target: { value: 'a * (b' } });
    expect(screen.getByText("The formula can't be read at character 7.")).toBeTruthy();
    expect(screen.queryByText(/^Reads as/)).toBeNull();
    fireEvent.change(formula, { target: { value: 'a * c' } });
    expect(screen.getByText('c is not one of the variables.')).toBeTruthy();
  });

  it('adds and names variables, marking a bad range on its field', () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add variable' }));
    expect((screen.getByLabelText('Name of variable 3') as HTMLInputElement).value).toBe('c');
    const max = screen.getByLabelText('Maximum c');
    fireEvent.change(max, { target: { value: '0' } });
    expect(max.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(max.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe("c: The maximum can't be below the minimum.");
  });

  it('previews the stem with numbers, never the placeholders', () => {
    renderEditor();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview.textContent).toMatch(/A field is \d+ m long and \d+\.\d m wide/);
    expect(preview.textContent).not.toContain('{a}');
  });
});
