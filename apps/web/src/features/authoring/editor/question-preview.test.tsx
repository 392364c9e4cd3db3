// @vitest-environment jsdom
// DOMPurify does not support happy-dom (cure53/DOMPurify#1457), so the preview's sanitising is
// checked in jsdom, which behaves like the browsers the preview runs in.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { contents } from '../../../testing/authoring-fixtures';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import type { QuestionContent } from '@questa/contracts';
import { QuestionPreview } from './question-preview';

afterEach(cleanup);

function preview(content: QuestionContent) {
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <QuestionPreview content={content} />
    </I18nProvider>,
  );
  return screen.getByRole('region', { name: 'Preview' });
}

describe('question preview', () => {
  it('sanitises the author’s HTML and renders KaTeX', () => {
    const region = preview({
      ...contents.single_choice,
      stem: 'Hello <img src=x onerror=alert(1)> <script>alert(2)</script> and $\\sqrt{2}$',
      options: [
        { id: 'o1', text: '<img src=y onerror=alert(3)>Paris', correct: true },
        { id: 'o2', text: 'Lyon', correct: false },
      ],
    });

    expect(region.querySelector('script')).toBeNull();
    expect(region.innerHTML).not.toMatch(/onerror|alert\(2\)/);
    const images = [...region.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual(['x', 'y']);
    expect(region.querySelector('.katex')).toBeTruthy();
    expect(region.querySelector('.katex-mathml annotation')?.textContent).toBe('\\sqrt{2}');
  });

  it('shows cloze blanks empty, with choices, and fills them in with the answer', () => {
    const region = preview(contents.cloze);
    const blanks = () =>
      [...region.querySelectorAll('.md-blank')].map((blank) => blank.textContent);
    expect(blanks()).toEqual(['______', '[Madrid / Seville]']);

    fireEvent.click(within(region).getByRole('button', { name: 'Show answer' }));
    expect(blanks()).toEqual(['Paris', 'Madrid']);
  });

  it('hides the order of an ordering question until the answer is shown', () => {
    const region = preview(contents.ordering);
    const order = () => [...region.querySelectorAll('ol li')].map((item) => item.textContent);
    expect(order()).not.toEqual(['Lille', 'Paris', 'Marseille']);

    fireEvent.click(within(region).getByRole('button', { name: 'Show answer' }));
    expect(order()).toEqual(['Lille', 'Paris', 'Marseille']);
  });

  it('shows numeric answers with their tolerance and unit', () => {
    const region = preview(contents.numeric);
    fireEvent.click(within(region).getByRole('button', { name: 'Show answer' }));
    expect(within(region).getByText('330 ± 5 m')).toBeTruthy();
  });
});

describe('question preview with credits, feedback and hints', () => {
  it('lists the hints, and shows credits and option feedback only with the answer', () => {
    const region = preview({
      ...contents.multiple_response,
      hints: ['Think of the *inner* planets.'],
      options: [
        { id: 'o1', text: 'Mercury', correct: true, credit: 1, feedback: 'The closest.' },
        { id: 'o2', text: 'Pluto', correct: false, credit: -0.25 },
      ],
    });
    expect(within(region).getByRole('heading', { name: 'Hints' })).toBeTruthy();
    expect(region.textContent).toContain('Think of the inner planets.');
    expect(region.textContent).not.toContain('The closest.');
    expect(region.textContent).not.toContain('-25 %');

    fireEvent.click(within(region).getByRole('button', { name: 'Show answer' }));
    const [mercury, pluto] = within(region).getAllByRole('listitem');
    expect(mercury?.textContent).toContain('100 %');
    expect(mercury?.textContent).toContain('Feedback: The closest.');
    expect(pluto?.textContent).toContain('-25 %');
  });
});
