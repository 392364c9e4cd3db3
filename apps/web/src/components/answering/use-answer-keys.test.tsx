import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAnswerKeys } from './use-answer-keys';

afterEach(cleanup);

function renderPage(onNumber: (n: number) => boolean = () => true) {
  const keys = { onNumber: vi.fn(onNumber), onEnter: vi.fn() };
  function Page() {
    useAnswerKeys(keys);
    return (
      <>
        <input aria-label="Text" />
        <input type="radio" aria-label="Option" />
        <button type="button">Next</button>
        <div role="menu">
          <button type="button" role="menuitem">
            Item
          </button>
        </div>
      </>
    );
  }
  render(<Page />);
  return keys;
}

describe('answer keys', () => {
  it('pick with 1–9 and submit with Enter, from the page or an option', () => {
    const keys = renderPage();
    // fireEvent returns false when the page took the key (prevented its default).
    expect(fireEvent.keyDown(document.body, { key: '3' })).toBe(false);
    expect(keys.onNumber).toHaveBeenCalledWith(3);
    fireEvent.keyDown(screen.getByRole('radio'), { key: 'Enter' });
    expect(keys.onEnter).toHaveBeenCalledOnce();
  });

  it('leave a key that means nothing here with its usual effect', () => {
    const keys = renderPage(() => false);
    expect(fireEvent.keyDown(document.body, { key: '7' })).toBe(true);
    expect(keys.onNumber).toHaveBeenCalledWith(7);
    expect(fireEvent.keyDown(document.body, { key: '2', ctrlKey: true })).toBe(true);
    expect(keys.onNumber).toHaveBeenCalledTimes(1);
  });

  it('stay out of text fields, menus and buttons, which keep their own keys', () => {
    const keys = renderPage();
    fireEvent.keyDown(screen.getByRole('textbox'), { key: '1' });
    fireEvent.keyDown(screen.getByRole('menuitem'), { key: '1' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next' }), { key: 'Enter' });
    expect(keys.onNumber).not.toHaveBeenCalled();
    expect(keys.onEnter).not.toHaveBeenCalled();
  });
});
