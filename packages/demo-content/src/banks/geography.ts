import { capitalize, listText } from '../format';
import { createRng } from '../random';
import type { DemoBank } from '../types';
import { QuestionWriter } from '../writer';
import type { Difficulty } from '../writer';
import { CONTINENTS, countries } from './geography-data';
import { CAPITALS, CONTINENT_TOPIC, COORDINATES, geographyFacts } from './geography-facts';
import type { Continent, Country } from './geography-data';

const why = (c: Country): string =>
  `${c.capital} is the capital of ${c.name}, in ${c.continent}.${c.note ? ` ${c.note}` : ''}`;

/** A country's name as a standalone label: "Philippines", not "the Philippines". */
const label = (c: Country): string => c.name.replace(/^the /, '');

const hemisphere = (lat: number): string => `${Math.abs(Math.round(lat))}° ${lat >= 0 ? 'N' : 'S'}`;

export function geographyBank(): DemoBank {
  const rng = createRng(0x6e0d);
  const w = new QuestionWriter(rng, ['geography']);
  const pool = rng.shuffle(countries);
  const settled = countries.filter((c) => !c.transcontinental);

  const capitalDistractors = (c: Country): string[] => {
    const near = countries
      .filter((o) => o !== c && o.continent === c.continent)
      .map((o) => o.capital);
    const far = countries.filter((o) => o.continent !== c.continent).map((o) => o.capital);
    const picked = c.decoy ? [c.decoy, ...rng.sample(near, 2)] : rng.sample(near, 3);
    return picked.length === 3 ? picked : [...picked, ...rng.sample(far, 3 - picked.length)];
  };

  for (const c of pool.slice(0, 20)) {
    const meta = { topic: CAPITALS, difficulty: c.level, explanation: why(c) };
    w.singleChoice(meta, `What is the capital of ${c.name}?`, c.capital, capitalDistractors(c));
  }

  for (const c of pool.slice(20, 30)) {
    const meta = { topic: CAPITALS, difficulty: (c.level + 1) as Difficulty, explanation: why(c) };
    w.shortText(meta, `Type the name of the capital city of ${c.name}.`, [c.capital, ...c.alt]);
  }

  for (const c of rng.sample(settled, 4)) {
    const explanation = `${capitalize(c.name)} is in ${c.continent}; its capital is ${c.capital}.`;
    const wrong = rng.sample(
      CONTINENTS.filter((k) => k !== c.continent),
      3,
    );
    const meta = { topic: CONTINENT_TOPIC, difficulty: 1 as const, explanation };
    w.singleChoice(meta, `On which continent is ${c.name}?`, c.continent, wrong);
  }

  const continentRounds: Continent[] = ['Europe', 'Asia', 'Africa', 'South America'];
  continentRounds.push('North America', 'Oceania', 'Europe', 'Asia');
  for (const [round, continent] of continentRounds.entries()) {
    const inside = settled.filter((c) => c.continent === continent);
    const correct = rng.sample(inside, rng.int(2, Math.min(3, inside.length)));
    const wrong = rng.sample(
      settled.filter((c) => c.continent !== continent),
      6 - correct.length,
    );
    const names = (list: Country[]) => list.map(label);
    const explanation = `${capitalize(listText(correct.map((c) => c.name)))} ${correct.length > 1 ? 'are' : 'is'} in ${continent}; ${listText(wrong.map((c) => `${c.name} is in ${c.continent}`))}.`;
    const meta = { topic: CONTINENT_TOPIC, difficulty: 2 as const, explanation };
    const stem =
      round < 6
        ? `Which of these countries are in ${continent}? Select all that apply.`
        : `Select every country in this list that lies in ${continent}.`;
    w.multipleResponse(meta, stem, names(correct), names(wrong));
  }

  w.fixed(geographyFacts);

  for (let round = 0; round < 4; round++) {
    const picked = rng.sample(countries, 4);
    const explanation = picked.map((c) => `${label(c)}: ${c.capital}`).join('; ') + '.';
    const difficulty = Math.max(...picked.map((c) => c.level)) as Difficulty;
    w.matching(
      { topic: CAPITALS, difficulty, explanation },
      round === 0
        ? 'Match each country with its capital city.'
        : `Match each country with its capital city (set ${round + 1}).`,
      picked.map((c) => [label(c), c.capital] as const),
    );
  }
  // West-to-east only reads unambiguously within one half of the globe, so those rounds stay
  // between the Atlantic and the Indian Ocean.
  const spread = (key: 'lat' | 'lon', gap: number): Country[] => {
    const candidates =
      key === 'lat' ? countries : countries.filter((c) => c.lon > -30 && c.lon < 60);
    for (;;) {
      const picked = rng
        .sample(candidates, 4)
        .sort((a, b) => (key === 'lat' ? b.lat - a.lat : a.lon - b.lon));
      if (
        picked.every((c, i) => i === 0 || Math.abs(c[key] - (picked[i - 1] as Country)[key]) >= gap)
      )
        return picked;
    }
  };
  for (let round = 0; round < 4; round++) {
    const picked = spread('lat', 4);
    const explanation = `Approximate latitudes: ${picked.map((c) => `${c.capital} ${hemisphere(c.lat)}`).join(', ')}.`;
    const stem = `Order these capital cities from north to south${round ? ` (set ${round + 1})` : ''}.`;
    w.ordering(
      { topic: COORDINATES, difficulty: 3, explanation },
      stem,
      picked.map((c) => c.capital),
    );
  }
  for (let round = 0; round < 3; round++) {
    const picked = spread('lon', 6);
    const lon = (c: Country) => `${Math.abs(Math.round(c.lon))}° ${c.lon >= 0 ? 'E' : 'W'}`;
    const explanation = `Approximate longitudes: ${picked.map((c) => `${c.capital} ${lon(c)}`).join(', ')}.`;
    const stem = `Order these capital cities from west to east${round ? ` (set ${round + 1})` : ''}.`;
    w.ordering(
      { topic: COORDINATES, difficulty: 4, explanation },
      stem,
      picked.map((c) => c.capital),
    );
  }

  for (const name of ['Iceland', 'Kenya', 'Australia', 'Egypt']) {
    const c = countries.find((o) => o.name === name) as Country;
    const explanation = `${c.capital} lies at about ${hemisphere(c.lat)}, so the answer is ${Math.round(c.lat)}.`;
    const stem = `To the nearest degree, what is the latitude of ${c.capital}, the capital of ${c.name}? Use positive numbers for north and negative numbers for south.`;
    w.numeric({ topic: COORDINATES, difficulty: 4, explanation }, stem, Math.round(c.lat), 1, '°');
  }

  for (const c of rng.sample(settled, 10)) {
    const stem = `{{capital}} is the capital of ${c.name}, a country in {{continent}}.`;
    const blanks = [
      w.textBlank('capital', [c.capital, ...c.alt]),
      w.choiceBlank(
        'continent',
        c.continent,
        CONTINENTS.filter((k) => k !== c.continent),
      ),
    ];
    w.cloze({ topic: CAPITALS, difficulty: c.level, explanation: why(c) }, stem, blanks);
  }

  return {
    slug: 'world-geography',
    title: 'World Geography',
    description:
      'Capital cities, continents, coordinates and the physical world: a tour of the map in bite-sized questions.',
    language: 'en',
    visibility: 'public',
    tags: ['geography', 'capitals', 'maps'],
    questions: w.questions,
  };
}
