import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, inEnglish } from '../../lib/i18n';
import { appMessages } from '../../lib/i18n/app-messages';
import { emptyDraft, isReady, toAnswer, type AnswerDraft } from './answer-draft';
import { AnswerFields } from './answer-fields';

afterEach(cleanup);

const image = { sha256: 'a'.repeat(64), alt: 'A map of Europe', width: 400, height: 200 };
const question = (markers: number): LearnerQuestion => ({
  stem: 'Click Paris.',
  topic: 'T',
  difficulty: 1,
  points: 1,
  media: [image.sha256],
  type: 'hotspot',
  image,
  markers,
});

function renderField(
  q: LearnerQuestion,
  { feedback = null, draft }: { feedback?: AnswerFeedback | null; draft?: AnswerDraft } = {},
) {
  const changes: AnswerDraft[] = [];
  function Harness() {
    const [current, setCurrent] = useState(draft ?? emptyDraft(q));
    return (
      <AnswerFields
        question={q}
        draft={current}
        feedback={feedback}
        readOnly={feedback !== null}
        onChange={(next) => {
          changes.push(next);
          setCurrent(next);
        }}
      />
    );
  }
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <Harness />
    </I18nProvider>,
  );
  return { last: () => changes.at(-1) };
}

/** The frame laid out 400 × 200 at the page's top left, as a browser would. */
function layOut(element: HTMLElement) {
  element.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 400, height: 200, right: 400, bottom: 200, x: 0, y: 0 }) as DOMRect;
}

describe('hotspot answering', () => {
  it('places a marker where the image is clicked, as fractions of its size', () => {
    const { last } = renderField(question(1));
    const area = screen.getByRole('application', { name: /A map of Europe/ });
    layOut(area);
    fireEvent.click(area, { clientX: 100, clientY: 150 });
    expect(last()).toEqual({ type: 'hotspot', points: [{ x: 0.25, y: 0.75 }] });
    // With one marker allowed, a second click moves it.
    fireEvent.click(area, { clientX: 300, clientY: 50 });
    expect(last()).toEqual({ type: 'hotspot', points: [{ x: 0.75, y: 0.25 }] });
    expect(screen.getByText('1 of 1 placed')).toBeTruthy();
    // A tap on the marker takes it away.
    fireEvent.click(area, { clientX: 305, clientY: 55 });
    expect(last()).toEqual({ type: 'hotspot', points: [] });
  });

  it('lets a keyboard move the crosshair with the arrow keys and place markers with Enter', () => {
    const { last } = renderField(question(2));
    const area = screen.getByRole('application', { name: /A map of Europe/ });
    area.focus();
    fireEvent.keyDown(area, { key: 'ArrowRight' });
    fireEvent.keyDown(area, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(area, { key: 'Enter' });
    expect(last()).toEqual({ type: 'hotspot', points: [{ x: 0.52, y: 0.6 }] });
    expect(screen.getByText('Marker 1 placed 52% across and 60% down.')).toBeTruthy();
    fireEvent.keyDown(area, { key: 'ArrowLeft' });
    fireEvent.keyDown(area, { key: ' ' });
    expect(last()?.type === 'hotspot' && last()).toMatchObject({ points: [{}, { x: 0.5 }] });
    fireEvent.keyDown(area, { key: 'Delete' });
    expect(last()).toEqual({ type: 'hotspot', points: [{ x: 0.52, y: 0.6 }] });
  });

  it('turns the markers into an answer, and none into no answer yet', () => {
    expect(isReady(emptyDraft(question(1)))).toBe(false);
    expect(toAnswer({ type: 'hotspot', points: [{ x: 0.1, y: 0.2 }] })).toEqual({
      type: 'hotspot',
      points: [{ x: 0.1, y: 0.2 }],
    });
  });

  it('marks each graded marker in words and outlines the right regions', () => {
    const feedback: AnswerFeedback = {
      type: 'hotspot',
      image,
      regions: [
        {
          region: {
            id: 'paris',
            shape: 'circle',
            x: 0.5,
            y: 0.5,
            radius: 0.05,
            correct: true,
            label: 'Paris',
          },
          hit: true,
        },
        {
          region: {
            id: 'rome',
            shape: 'rect',
            x: 0.6,
            y: 0.7,
            width: 0.1,
            height: 0.1,
            correct: true,
            label: '',
          },
          hit: false,
        },
      ],
      points: [
        { x: 0.5, y: 0.5, outcome: 'hit', regionId: 'paris' },
        { x: 0.1, y: 0.1, outcome: 'miss', regionId: null },
      ],
    };
    renderField(question(2), {
      feedback,
      draft: {
        type: 'hotspot',
        points: [
          { x: 0.5, y: 0.5 },
          { x: 0.1, y: 0.1 },
        ],
      },
    });
    expect(screen.queryByRole('application')).toBeNull();
    expect(screen.getByRole('img', { name: 'A map of Europe' })).toBeTruthy();
    expect(screen.getByText('Marker 1 is on a right spot: Paris')).toBeTruthy();
    expect(screen.getByText('Marker 2 is not on a right spot')).toBeTruthy();
    expect(
      screen.getByText('1 right spot has no marker; it is outlined on the image.'),
    ).toBeTruthy();
    expect(document.querySelectorAll('.hotspot-region--correct')).toHaveLength(1);
    expect(document.querySelectorAll('.hotspot-region--missed')).toHaveLength(1);
  });
});
