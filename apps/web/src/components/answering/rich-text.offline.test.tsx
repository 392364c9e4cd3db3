import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadRichText, RichText } from './rich-text';

// The renderer's chunk cannot be downloaded, as when an exam is continued without a connection.
vi.mock('../../lib/markdown/render-markdown', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('RichText without its renderer chunk', () => {
  it('keeps the source text on screen instead of failing the page', async () => {
    render(<RichText source="{{capital}} is the capital of Peru." />);
    await expect(loadRichText()).rejects.toThrow();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('{{capital}} is the capital of Peru.').className).toContain('markdown');
  });
});
