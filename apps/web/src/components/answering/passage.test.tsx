import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, inEnglish } from '../../lib/i18n';
import { appMessages } from '../../lib/i18n/app-messages';
import { WithPassage } from './passage';

afterEach(cleanup);

const passage = {
  id: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
  version: 2,
  title: 'The Nile at Aswan',
  body: 'The dam was finished in 1970.',
  media: [],
};

const show = (withPassage: typeof passage | null) =>
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <WithPassage passage={withPassage}>
        <p>The question</p>
      </WithPassage>
    </I18nProvider>,
  );

describe('WithPassage', () => {
  it('shows the passage, named by its title, with the question', () => {
    show(passage);
    const region = screen.getByRole('region', { name: 'Passage: The Nile at Aswan' });
    expect(region.textContent).toContain('The dam was finished in 1970.');
    expect(screen.getByText('The question')).toBeTruthy();
  });

  it('folds the passage away and back, saying which it is', () => {
    show(passage);
    const toggle = screen.getByRole('button', { name: 'Hide passage' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    const folded = screen.getByRole('button', { name: 'Show passage' });
    expect(folded.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('region').className).toContain('passage--folded');
  });

  it('is just the question without a passage', () => {
    show(null);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('The question')).toBeTruthy();
  });
});
