import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isPlainText, RichText } from './rich-text';

describe('RichText', () => {
  it('tells plain text from Markdown, math and blanks', () => {
    expect(isPlainText('What is the capital of Peru?')).toBe(true);
    expect(isPlainText('What is $\\sqrt{2}$?')).toBe(false);
    expect(isPlainText('{{capital}} is the capital of Peru.')).toBe(false);
    expect(isPlainText('Read **this**')).toBe(false);
  });

  it('shows plain text as it is', () => {
    render(<RichText source="Lima" inline />);
    expect(screen.getByText('Lima').tagName).toBe('SPAN');
  });

  it('shows the source at once and the rendered Markdown when its chunk arrives', async () => {
    const { container } = render(<RichText source="Read **this** first" />);
    expect(container.textContent).toBe('Read **this** first');
    expect((await screen.findByText('this', { selector: 'strong' })).tagName).toBe('STRONG');
  });
});
