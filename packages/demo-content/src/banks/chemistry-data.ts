import type { FixedQuestion } from '../writer';

export const SYMBOLS = 'Symbols';
export const NUMBERS = 'Atomic numbers';
export const GROUPS = 'Groups and families';
export const STATES = 'States of matter';

export type State = 'solid' | 'liquid' | 'gas';
export type Family =
  | 'alkali metal'
  | 'alkaline earth metal'
  | 'transition metal'
  | 'post-transition metal'
  | 'metalloid'
  | 'non-metal'
  | 'halogen'
  | 'noble gas'
  | 'actinide'
  // Zinc and mercury (group 12) are classed as transition metals by some sources and not others.
  | 'group 12 metal';

export interface Element {
  z: number;
  symbol: string;
  name: string;
  /** Also accepted in typed answers. */
  alt: string[];
  /** null for the f-block elements, which sit outside the 18 groups. */
  group: number | null;
  period: number;
  /** At room temperature, about 20 °C, and normal pressure. */
  state: State;
  family: Family;
  /** The name the symbol comes from, when it is not the English one. */
  origin?: string;
}

type Row = [number, string, string, number | null, number, State, Family, string?];

const rows: Row[] = [
  [1, 'H', 'Hydrogen', 1, 1, 'gas', 'non-metal'],
  [2, 'He', 'Helium', 18, 1, 'gas', 'noble gas'],
  [3, 'Li', 'Lithium', 1, 2, 'solid', 'alkali metal'],
  [4, 'Be', 'Beryllium', 2, 2, 'solid', 'alkaline earth metal'],
  [5, 'B', 'Boron', 13, 2, 'solid', 'metalloid'],
  [6, 'C', 'Carbon', 14, 2, 'solid', 'non-metal'],
  [7, 'N', 'Nitrogen', 15, 2, 'gas', 'non-metal'],
  [8, 'O', 'Oxygen', 16, 2, 'gas', 'non-metal'],
  [9, 'F', 'Fluorine', 17, 2, 'gas', 'halogen'],
  [10, 'Ne', 'Neon', 18, 2, 'gas', 'noble gas'],
  [11, 'Na', 'Sodium', 1, 3, 'solid', 'alkali metal', 'Latin natrium'],
  [12, 'Mg', 'Magnesium', 2, 3, 'solid', 'alkaline earth metal'],
  [13, 'Al', 'Aluminium', 13, 3, 'solid', 'post-transition metal'],
  [14, 'Si', 'Silicon', 14, 3, 'solid', 'metalloid'],
  [15, 'P', 'Phosphorus', 15, 3, 'solid', 'non-metal'],
  [16, 'S', 'Sulfur', 16, 3, 'solid', 'non-metal'],
  [17, 'Cl', 'Chlorine', 17, 3, 'gas', 'halogen'],
  [18, 'Ar', 'Argon', 18, 3, 'gas', 'noble gas'],
  [19, 'K', 'Potassium', 1, 4, 'solid', 'alkali metal', 'Latin kalium'],
  [20, 'Ca', 'Calcium', 2, 4, 'solid', 'alkaline earth metal'],
  [22, 'Ti', 'Titanium', 4, 4, 'solid', 'transition metal'],
  [24, 'Cr', 'Chromium', 6, 4, 'solid', 'transition metal'],
  [25, 'Mn', 'Manganese', 7, 4, 'solid', 'transition metal'],
  [26, 'Fe', 'Iron', 8, 4, 'solid', 'transition metal', 'Latin ferrum'],
  [27, 'Co', 'Cobalt', 9, 4, 'solid', 'transition metal'],
  [28, 'Ni', 'Nickel', 10, 4, 'solid', 'transition metal'],
  [29, 'Cu', 'Copper', 11, 4, 'solid', 'transition metal', 'Latin cuprum'],
  [30, 'Zn', 'Zinc', 12, 4, 'solid', 'group 12 metal'],
  [35, 'Br', 'Bromine', 17, 4, 'liquid', 'halogen'],
  [36, 'Kr', 'Krypton', 18, 4, 'gas', 'noble gas'],
  [47, 'Ag', 'Silver', 11, 5, 'solid', 'transition metal', 'Latin argentum'],
  [50, 'Sn', 'Tin', 14, 5, 'solid', 'post-transition metal', 'Latin stannum'],
  [53, 'I', 'Iodine', 17, 5, 'solid', 'halogen'],
  [54, 'Xe', 'Xenon', 18, 5, 'gas', 'noble gas'],
  [74, 'W', 'Tungsten', 6, 6, 'solid', 'transition metal', 'its other name, wolfram'],
  [78, 'Pt', 'Platinum', 10, 6, 'solid', 'transition metal'],
  [79, 'Au', 'Gold', 11, 6, 'solid', 'transition metal', 'Latin aurum'],
  [80, 'Hg', 'Mercury', 12, 6, 'liquid', 'group 12 metal', 'Latin hydrargyrum'],
  [82, 'Pb', 'Lead', 14, 6, 'solid', 'post-transition metal', 'Latin plumbum'],
  [86, 'Rn', 'Radon', 18, 6, 'gas', 'noble gas'],
  [92, 'U', 'Uranium', null, 7, 'solid', 'actinide'],
];

const altNames: Record<string, string[]> = { Aluminium: ['Aluminum'], Sulfur: ['Sulphur'] };

export const elements: Element[] = rows.map(
  ([z, symbol, name, group, period, state, family, origin]) => ({
    z,
    symbol,
    name,
    alt: altNames[name] ?? [],
    group,
    period,
    state,
    family,
    origin,
  }),
);

export const chemistryFacts: FixedQuestion[] = [
  {
    type: 'true_false',
    topic: SYMBOLS,
    difficulty: 2,
    stem: 'The chemical symbol for potassium is P.',
    answer: false,
    explanation: "Potassium's symbol is K, from the Latin kalium; P is phosphorus.",
  },
  {
    type: 'true_false',
    topic: SYMBOLS,
    difficulty: 2,
    stem: 'The chemical symbol for silver is Ag.',
    answer: true,
    explanation: 'Ag comes from argentum, the Latin word for silver.',
  },
  {
    type: 'true_false',
    topic: SYMBOLS,
    difficulty: 1,
    stem: 'The chemical symbol for gold is Go.',
    answer: false,
    explanation: "Gold's symbol is Au, from the Latin aurum.",
  },
  {
    type: 'true_false',
    topic: STATES,
    difficulty: 1,
    stem: 'Mercury is a liquid at room temperature.',
    answer: true,
    explanation:
      'Mercury melts at about −39 °C, so it is liquid at room temperature; it is the only metal that is.',
  },
  {
    type: 'true_false',
    topic: STATES,
    difficulty: 2,
    stem: 'Bromine is a gas at room temperature.',
    answer: false,
    explanation: 'Bromine is a red-brown liquid at room temperature, though it evaporates easily.',
  },
  {
    type: 'true_false',
    topic: GROUPS,
    difficulty: 1,
    stem: 'Helium is a noble gas.',
    answer: true,
    explanation: 'Helium is in group 18, the noble gases, which have full outer electron shells.',
  },
  {
    type: 'true_false',
    topic: GROUPS,
    difficulty: 2,
    stem: 'Chlorine is a halogen.',
    answer: true,
    explanation: 'Chlorine is in group 17, the halogens, with fluorine, bromine and iodine.',
  },
  {
    type: 'true_false',
    topic: GROUPS,
    difficulty: 2,
    stem: 'Sodium is in group 2 of the periodic table.',
    answer: false,
    explanation: 'Sodium is an alkali metal in group 1; it has one outer electron.',
  },
  {
    type: 'true_false',
    topic: NUMBERS,
    difficulty: 2,
    stem: 'Iron has atomic number 26.',
    answer: true,
    explanation: 'An iron atom has 26 protons, so its atomic number is 26.',
  },
  {
    type: 'true_false',
    topic: GROUPS,
    difficulty: 3,
    stem: 'Carbon and silicon are in the same group.',
    answer: true,
    explanation: 'Both are in group 14 and have four outer electrons.',
  },
  {
    type: 'true_false',
    topic: NUMBERS,
    difficulty: 1,
    stem: 'Hydrogen has atomic number 1.',
    answer: true,
    explanation: 'Hydrogen has one proton, the fewest of any element.',
  },
  {
    type: 'true_false',
    topic: STATES,
    difficulty: 2,
    stem: 'Iodine is a gas at room temperature.',
    answer: false,
    explanation:
      'Iodine is a dark grey-violet solid at room temperature; it gives off violet vapour when warmed.',
  },

  {
    type: 'short_text',
    topic: SYMBOLS,
    difficulty: 4,
    stem: 'Which element has the chemical symbol W?',
    accepted: ['Tungsten', 'Wolfram'],
    explanation: 'W is tungsten; the symbol comes from its other name, wolfram.',
  },
  {
    type: 'short_text',
    topic: STATES,
    difficulty: 2,
    stem: 'Name the only metal that is a liquid at room temperature.',
    accepted: ['Mercury'],
    explanation:
      'Mercury melts at about −39 °C. (Gallium and caesium melt just above room temperature.)',
  },
  {
    type: 'short_text',
    topic: STATES,
    difficulty: 2,
    stem: 'Which gas makes up about 78% of dry air?',
    accepted: ['Nitrogen', 'N2', 'N₂'],
    explanation:
      'Dry air is about 78% nitrogen and 21% oxygen, with argon making up most of the rest.',
  },
  {
    type: 'short_text',
    topic: GROUPS,
    difficulty: 3,
    stem: 'What is the family name for the elements in group 17 of the periodic table?',
    accepted: ['Halogens', 'Halogen', 'The halogens'],
    explanation:
      'Group 17 (fluorine, chlorine, bromine, iodine…) are the halogens, meaning "salt formers".',
  },

  {
    type: 'numeric',
    topic: NUMBERS,
    difficulty: 2,
    stem: 'How many elements are in the first period (row) of the periodic table?',
    value: 2,
    tolerance: 0,
    explanation:
      'Period 1 holds only hydrogen and helium, because the first electron shell takes two electrons.',
  },
  {
    type: 'numeric',
    topic: GROUPS,
    difficulty: 2,
    stem: 'How many numbered groups (columns) does the modern periodic table have?',
    value: 18,
    tolerance: 0,
    explanation:
      'IUPAC numbers the columns 1 to 18; the lanthanides and actinides are shown separately.',
  },
  {
    type: 'calculated',
    topic: STATES,
    difficulty: 3,
    stem: 'How many moles of water are in {m} g of water? Water has a molar mass of 18.02 g/mol. Round to two decimal places.',
    variables: [{ name: 'm', min: 5, max: 500, decimals: 0, step: 5 }],
    formula: 'm / 18.02',
    tolerance: 0.01,
    toleranceType: 'absolute',
    answerDecimals: 2,
    unit: 'mol',
    explanation: 'Moles = mass ÷ molar mass.',
  },
];
