import type { AnswerInput, LearnerQuestion } from '@questa/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { PlayerAnswer } from './player-answer';

afterEach(cleanup);

const image = { sha256: 'b'.repeat(64), alt: 'A map of the Nile', width: 400, height: 300 };
const hotspot: LearnerQuestion = {
  stem: 'Tap Cairo on the map.',
  topic: 'Rivers',
  difficulty: 1,
  points: 1,
  media: [image.sha256],
  type: 'hotspot',
  image,
  markers: 1,
};

describe('a hotspot question on a player’s phone', () => {
  it('shows the picture, takes a marker and sends it as the answer', async () => {
    const sent: AnswerInput[] = [];
    render(
      <I18nProvider initial={inEnglish(appMessages)}>
        <PlayerAnswer
          question={hotspot}
          showStem
          sending={false}
          onAnswer={(answer) => sent.push(answer)}
        />
      </I18nProvider>,
    );
    const area = await screen.findByRole('application', { name: /A map of the Nile/ });
    const send = screen.getByRole('button', { name: 'Send answer' });
    expect(send).toHaveProperty('disabled', true);
    area.focus();
    fireEvent.keyDown(area, { key: 'Enter' });
    expect(send).toHaveProperty('disabled', false);
    fireEvent.click(send);
    expect(sent).toEqual([{ type: 'hotspot', points: [{ x: 0.5, y: 0.5 }] }]);
  });
});

describe('a grouped question on a player’s phone', () => {
  it('shows the passage above the question, and leaves it out with the stem on the big screen only', () => {
    const passage = {
      id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
      version: 1,
      title: 'The Nile delta',
      body: 'North of Cairo the Nile ends in a wide delta.',
      media: [],
    };
    const question: LearnerQuestion = {
      stem: 'The Nile ends in a delta.',
      topic: 'Rivers',
      difficulty: 1,
      points: 1,
      media: [],
      type: 'true_false',
    };
    const view = (showStem: boolean) => (
      <I18nProvider initial={inEnglish(appMessages)}>
        <PlayerAnswer
          question={question}
          passage={passage}
          showStem={showStem}
          sending={false}
          onAnswer={() => {}}
        />
      </I18nProvider>
    );
    const { rerender } = render(view(true));
    expect(screen.getByRole('heading', { name: 'The Nile delta' })).toBeTruthy();
    expect(screen.getByText(/ends in a wide delta/)).toBeTruthy();
    rerender(view(false));
    expect(screen.queryByRole('heading', { name: 'The Nile delta' })).toBeNull();
  });
});
