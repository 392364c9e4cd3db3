import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { parseQuestions, serializeQuestions } from './index';
import { PASSAGE_AGAIN } from './shared/passages';
import type { ExportPassage } from './types';

const tf = (stem: string, topic = 'Rivers'): QuestionContent => ({
  type: 'true_false',
  stem,
  answer: true,
  topic,
  difficulty: 2,
  explanation: '',
  tags: [],
  points: 1,
  media: [],
  licence: 'CC BY 4.0',
  attribution: '',
});

const nile: ExportPassage = {
  id: 'nile',
  content: {
    title: 'The Nile: at Aswan {dam}',
    body: 'The dam holds back **Lake Nasser** ($5{,}250\\,\\text{km}^2$).\n\nIt was finished in 1970 = 1969 + 1.',
    media: [],
  },
};
const rhine: ExportPassage = {
  id: 'rhine',
  content: { title: 'The Rhine', body: 'The Rhine rises in the Alps.', media: [] },
};

describe.each(['gift', 'moodle_xml'] as const)('passages through %s', (format) => {
  it('come back as the same groups, a question without one ending the group before it', () => {
    const contents = [tf('Loose 1'), tf('Nile 1'), tf('Nile 2'), tf('Loose 2'), tf('Rhine 1')];
    const passages = [null, nile, nile, null, rhine];
    const written = serializeQuestions(format, contents, [], passages);
    expect(written.warnings.filter((w) => w.message.includes('passage'))).toEqual([]);
    const read = parseQuestions(format, written.body);
    expect(read.errors).toEqual([]);
    expect(read.warnings).toEqual([]);
    expect(read.items.map((i) => i.content.stem)).toEqual(contents.map((q) => q.stem));
    expect(read.passages?.map((p) => p.content)).toEqual([nile.content, rhine.content]);
    expect(read.items.map((i) => i.passage)).toEqual([undefined, 0, 0, undefined, 1]);
  });

  it('write a passage again, with a warning, when its group crosses into another topic', () => {
    const contents = [tf('Nile 1', 'Rivers'), tf('Nile 2', 'Dams')];
    const written = serializeQuestions(format, contents, [], [nile, nile]);
    expect(written.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining(PASSAGE_AGAIN),
    ]);
    const read = parseQuestions(format, written.body);
    expect(read.passages?.map((p) => p.content.title)).toEqual([
      nile.content.title,
      nile.content.title,
    ]);
    expect(read.items.map((i) => i.passage)).toEqual([0, 1]);
  });
});
