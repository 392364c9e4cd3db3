import { createRng } from '../random';
import type { DemoBank } from '../types';
import { QuestionWriter } from '../writer';
import { identityFacts, writeExpressions, writeLinear, writeSequences } from './algebra-equations';
import { writeFractions, writePercentages, writePowers } from './algebra-numbers';

export function algebraBank(): DemoBank {
  const rng = createRng(0xa19e);
  const w = new QuestionWriter(rng, ['mathematics', 'algebra']);
  writeFractions(w, rng);
  writeLinear(w, rng);
  writePowers(w, rng);
  writePercentages(w, rng);
  writeExpressions(w, rng);
  writeSequences(w, rng);
  w.fixed(identityFacts);
  return {
    slug: 'algebra-essentials',
    title: 'Algebra Essentials',
    description:
      'Fractions, percentages, powers, linear equations, quadratics and sequences, with worked explanations. Premium.',
    language: 'en',
    visibility: 'premium',
    tags: ['mathematics', 'algebra', 'arithmetic'],
    questions: w.questions,
  };
}
