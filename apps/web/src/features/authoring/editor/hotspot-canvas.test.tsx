import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { HotspotCanvas } from './hotspot-canvas';

afterEach(cleanup);

const image = { sha256: 'c'.repeat(64), alt: 'A map', width: 200, height: 100 };

describe('drawing a polygon', () => {
  it('adds a corner per click and closes on Finish polygon or on the first corner', () => {
    const onDraw = vi.fn();
    render(
      <I18nProvider initial={inEnglish(appMessages)}>
        <HotspotCanvas
          image={image}
          regions={[]}
          selected={undefined}
          tool="polygon"
          onDraw={onDraw}
          onSelect={vi.fn()}
        />
      </I18nProvider>,
    );
    const frame = document.querySelector('.hotspot-picture') as HTMLElement;
    frame.getBoundingClientRect = () =>
      ({
        left: 0,
        top: 0,
        width: 200,
        height: 100,
        right: 200,
        bottom: 100,
        x: 0,
        y: 0,
      }) as DOMRect;
    fireEvent.click(frame, { clientX: 20, clientY: 10 });
    fireEvent.click(frame, { clientX: 100, clientY: 10 });
    expect(screen.getByRole('button', { name: 'Finish polygon' })).toHaveProperty('disabled', true);
    fireEvent.click(frame, { clientX: 60, clientY: 80 });
    expect(screen.getByText('3 corners')).toBeTruthy();
    // Back on the first corner: the polygon closes.
    fireEvent.click(frame, { clientX: 21, clientY: 10 });
    expect(onDraw).toHaveBeenCalledWith({
      shape: 'polygon',
      points: [
        { x: 0.1, y: 0.1 },
        { x: 0.5, y: 0.1 },
        { x: 0.3, y: 0.8 },
      ],
    });
    expect(screen.queryByRole('button', { name: 'Finish polygon' })).toBeNull();
  });
});
