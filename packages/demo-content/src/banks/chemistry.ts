import { capitalize, listText } from '../format';
import { createRng } from '../random';
import type { DemoBank } from '../types';
import { QuestionWriter } from '../writer';
import type { Difficulty } from '../writer';
import { GROUPS, NUMBERS, STATES, SYMBOLS, chemistryFacts, elements } from './chemistry-data';
import type { Element, Family } from './chemistry-data';

const NON_METALS: Family[] = ['non-metal', 'halogen', 'noble gas'];

const lower = (e: Element): string => e.name.toLowerCase();

function symbolSource(e: Element): string {
  if (e.symbol.length === 1) return 'the first letter of its name';
  if (e.name.startsWith(e.symbol)) return 'the first two letters of its name';
  return 'its first letter plus a later letter of its name';
}

const symbolWhy = (e: Element): string =>
  e.origin
    ? `${e.name}'s symbol ${e.symbol} comes from ${e.origin}.`
    : `The symbol for ${lower(e)} is ${e.symbol}, ${symbolSource(e)}.`;

const symbolLevel = (e: Element): Difficulty => (e.origin ? 3 : e.symbol.length === 1 ? 1 : 2);

const placeWhy = (e: Element): string =>
  e.group === null
    ? `${e.name} is an ${e.family} in period ${e.period}, outside the 18 groups.`
    : `${e.name} (atomic number ${e.z}) is in group ${e.group}, period ${e.period}.`;

export function chemistryBank(): DemoBank {
  const rng = createRng(0xc4e3);
  const w = new QuestionWriter(rng, ['chemistry', 'periodic-table']);
  const pool = rng.shuffle(elements);
  const byName = (name: string) => elements.find((e) => e.name === name) as Element;

  for (const e of pool.slice(0, 6)) {
    const alike = elements.filter((o) => o !== e && o.name[0] === e.symbol[0]);
    const rest = elements.filter((o) => o !== e && !alike.includes(o));
    const fromAlike = rng.sample(alike, Math.min(2, alike.length));
    const wrong = [...fromAlike, ...rng.sample(rest, 3 - fromAlike.length)].map((o) => o.name);
    const meta = { topic: SYMBOLS, difficulty: symbolLevel(e), explanation: symbolWhy(e) };
    w.singleChoice(meta, `Which element has the symbol **${e.symbol}**?`, e.name, wrong);
  }

  for (const e of pool.slice(6, 12)) {
    const first = e.name[0] as string;
    const guesses = [1, 2, 3].map((i) => first + (e.name[i] ?? ''));
    const real = elements.filter((o) => o.symbol[0] === first).map((o) => o.symbol);
    const wrong = [...new Set([first, ...guesses, ...real])]
      .filter((s) => s !== e.symbol)
      .slice(0, 3);
    const meta = { topic: SYMBOLS, difficulty: symbolLevel(e), explanation: symbolWhy(e) };
    w.singleChoice(meta, `What is the chemical symbol for ${lower(e)}?`, e.symbol, wrong);
  }

  for (const group of [1, 2, 14, 17, 18]) {
    const [inside] = rng.sample(
      elements.filter((e) => e.group === group && e.z > 1),
      1,
    ) as [Element];
    const wrong = rng.sample(
      elements.filter((e) => e.group !== group),
      3,
    );
    const explanation = `${placeWhy(inside)} Of the others, ${listText(wrong.map((o) => `${lower(o)} is in ${o.group === null ? 'no group' : `group ${o.group}`}`))}.`;
    const stem = `Which of these elements is in group ${group} of the periodic table?`;
    const names = wrong.map((o) => o.name);
    w.singleChoice({ topic: GROUPS, difficulty: 2, explanation }, stem, inside.name, names);
  }

  for (const [round, liquid] of [byName('Bromine'), byName('Mercury')].entries()) {
    const wrong = rng.sample(
      elements.filter((e) => e.state !== 'liquid'),
      3,
    );
    const explanation = `${liquid.name} is a liquid at about 20 °C; ${listText(wrong.map((o) => `${lower(o)} is a ${o.state}`))}. Bromine and mercury are the only elements that are liquid at room temperature.`;
    const stem = `Which of these elements is a liquid at room temperature (about 20 °C)?${round ? ' (set 2)' : ''}`;
    w.singleChoice(
      { topic: STATES, difficulty: 2, explanation },
      stem,
      liquid.name,
      wrong.map((o) => o.name),
    );
  }

  for (const e of pool.slice(12, 22)) {
    const meta = {
      topic: SYMBOLS,
      difficulty: symbolLevel(e),
      explanation: `${symbolWhy(e)} Symbols start with a capital letter; a second letter is lower case.`,
    };
    w.shortText(meta, `Type the chemical symbol for ${lower(e)}.`, [e.symbol], true);
  }

  for (const e of pool.slice(22, 30)) {
    const explanation = `${e.name} has ${e.z} proton${e.z > 1 ? 's' : ''} in its nucleus, so its atomic number is ${e.z}.`;
    const difficulty: Difficulty = e.z <= 10 ? 1 : e.z <= 20 ? 2 : e.z <= 36 ? 3 : 4;
    w.numeric(
      { topic: NUMBERS, difficulty, explanation },
      `What is the atomic number of ${lower(e)}?`,
      e.z,
      0,
    );
  }
  for (const name of ['Calcium', 'Chlorine', 'Argon', 'Carbon']) {
    const e = byName(name);
    w.numeric(
      { topic: GROUPS, difficulty: 3, explanation: placeWhy(e) },
      `Which group (1–18) of the periodic table is ${lower(e)} in?`,
      e.group as number,
      0,
    );
  }

  w.fixed(chemistryFacts);

  const families: { family: Family; label: string }[] = [
    { family: 'halogen', label: 'halogens' },
    { family: 'noble gas', label: 'noble gases' },
    { family: 'alkali metal', label: 'alkali metals' },
    { family: 'alkaline earth metal', label: 'alkaline earth metals' },
    { family: 'transition metal', label: 'transition metals' },
  ];
  for (const { family, label } of families) {
    const inside = elements.filter((e) => e.family === family);
    const correct = rng.sample(inside, Math.min(3, inside.length));
    const outside = elements.filter(
      (e) =>
        e.family !== family && !(family === 'transition metal' && e.family === 'group 12 metal'),
    );
    const wrong = rng.sample(outside, 3);
    const explanation = `${capitalize(listText(correct.map(lower)))} ${correct.length > 1 ? 'are' : 'is'} ${label}; ${listText(wrong.map((e) => `${lower(e)} is ${/^[aeiou]/.test(e.family) ? 'an' : 'a'} ${e.family}`))}.`;
    w.multipleResponse(
      { topic: GROUPS, difficulty: family === 'transition metal' ? 3 : 2, explanation },
      `Which of these elements are ${label}? Select all that apply.`,
      correct.map((e) => e.name),
      wrong.map((e) => e.name),
    );
  }
  for (let round = 0; round < 3; round++) {
    const correct = rng.sample(
      elements.filter((e) => e.state === 'gas'),
      rng.int(2, 3),
    );
    const wrong = rng.sample(
      elements.filter((e) => e.state !== 'gas'),
      6 - correct.length,
    );
    const explanation = `${capitalize(listText(correct.map(lower)))} are gases at room temperature; ${listText(wrong.map((e) => `${lower(e)} is a ${e.state}`))}.`;
    const stem = `Which of these elements are gases at room temperature (about 20 °C)?${round ? ` (set ${round + 1})` : ''}`;
    w.multipleResponse(
      { topic: STATES, difficulty: 2, explanation },
      stem,
      correct.map((e) => e.name),
      wrong.map((e) => e.name),
    );
  }
  for (let round = 0; round < 2; round++) {
    const nonmetals = elements.filter((e) => NON_METALS.includes(e.family));
    const metals = elements.filter(
      (e) => !NON_METALS.includes(e.family) && e.family !== 'metalloid',
    );
    const correct = rng.sample(metals, 3);
    const wrong = rng.sample(nonmetals, 3);
    const explanation = `${capitalize(listText(correct.map(lower)))} are metals; ${listText(wrong.map((e) => lower(e)))} are non-metals.`;
    const stem = `Which of these elements are metals?${round ? ' (set 2)' : ''}`;
    w.multipleResponse(
      { topic: GROUPS, difficulty: 2, explanation },
      stem,
      correct.map((e) => e.name),
      wrong.map((e) => e.name),
    );
  }

  for (let round = 0; round < 6; round++) {
    const picked = rng.sample(elements, round < 3 ? 4 : 5).sort((a, b) => a.z - b.z);
    const explanation = `Atomic numbers: ${picked.map((e) => `${e.name} ${e.z}`).join(', ')}.`;
    const stem = `Order these elements by atomic number, lowest first${round ? ` (set ${round + 1})` : ''}.`;
    w.ordering(
      { topic: NUMBERS, difficulty: round < 3 ? 2 : 3, explanation },
      stem,
      picked.map((e) => e.name),
    );
  }

  for (let round = 0; round < 6; round++) {
    const picked = rng.sample(elements, 4);
    const explanation = picked.map((e) => `${e.name}: ${e.symbol}`).join('; ') + '.';
    const difficulty = Math.max(...picked.map(symbolLevel)) as Difficulty;
    const stem = `Match each element with its chemical symbol${round ? ` (set ${round + 1})` : ''}.`;
    w.matching(
      { topic: SYMBOLS, difficulty, explanation },
      stem,
      picked.map((e) => [e.name, e.symbol] as const),
    );
  }

  for (const e of pool.slice(30, 38)) {
    const stem = `The element with the symbol **${e.symbol}** is {{name}}. Its atomic number is {{z}}, and at room temperature it is a {{state}}.`;
    const others = (['solid', 'liquid', 'gas'] as const).filter((s) => s !== e.state);
    const blanks = [
      w.textBlank('name', [e.name, ...e.alt]),
      w.textBlank('z', [String(e.z)]),
      w.choiceBlank('state', e.state, others),
    ];
    const explanation = `${symbolWhy(e)} It has atomic number ${e.z} and is a ${e.state} at about 20 °C.`;
    w.cloze({ topic: NUMBERS, difficulty: e.z <= 20 ? 2 : 3, explanation }, stem, blanks);
  }

  return {
    slug: 'elements-of-chemistry',
    title: 'Elements of Chemistry',
    description:
      'Symbols, atomic numbers, groups and states of the chemical elements, from hydrogen to uranium.',
    language: 'en',
    visibility: 'public',
    tags: ['chemistry', 'periodic-table', 'science'],
    questions: w.questions,
  };
}
