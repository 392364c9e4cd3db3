import { describe, expect, it } from 'vitest';
import { splitHeadline } from './headline';

describe('splitHeadline', () => {
  it('marks the text between « and » as matches', () => {
    expect(splitHeadline('The «capital» of «France» is')).toEqual([
      { text: 'The ', match: false },
      { text: 'capital', match: true },
      { text: ' of ', match: false },
      { text: 'France', match: true },
      { text: ' is', match: false },
    ]);
  });

  it('returns plain text without markers as one part', () => {
    expect(splitHeadline('No match here')).toEqual([{ text: 'No match here', match: false }]);
    expect(splitHeadline('')).toEqual([]);
  });
});
