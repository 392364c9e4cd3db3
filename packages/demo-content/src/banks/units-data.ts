export const LENGTH = 'Length';
export const MASS = 'Mass';
export const VOLUME = 'Volume and capacity';
export const TIME = 'Time and speed';
export const TEMPERATURE = 'Temperature';
export const SI = 'SI units';

/** Symbol → [singular, plural]. */
export const UNIT_NAMES: Record<string, [string, string]> = {
  km: ['kilometre', 'kilometres'],
  m: ['metre', 'metres'],
  cm: ['centimetre', 'centimetres'],
  mm: ['millimetre', 'millimetres'],
  t: ['tonne', 'tonnes'],
  kg: ['kilogram', 'kilograms'],
  g: ['gram', 'grams'],
  L: ['litre', 'litres'],
  mL: ['millilitre', 'millilitres'],
  'm³': ['cubic metre', 'cubic metres'],
  d: ['day', 'days'],
  wk: ['week', 'weeks'],
  h: ['hour', 'hours'],
  min: ['minute', 'minutes'],
  s: ['second', 'seconds'],
  in: ['inch', 'inches'],
  ft: ['foot', 'feet'],
  yd: ['yard', 'yards'],
  mi: ['mile', 'miles'],
  lb: ['pound', 'pounds'],
  oz: ['ounce', 'ounces'],
  'US gal': ['US gallon', 'US gallons'],
  'imp gal': ['imperial gallon', 'imperial gallons'],
  'km/h': ['kilometre per hour', 'kilometres per hour'],
  'm/s': ['metre per second', 'metres per second'],
};

export interface Conversion {
  from: string;
  to: string;
  /** Multiply by `times`, or divide by `divide` when that is how people think of it. */
  times?: number;
  divide?: number;
  topic: string;
  amounts: number[];
  /** Exact conversions expect the exact answer; the others ask for two decimal places. */
  exact: boolean;
}

export const conversions: Conversion[] = [
  { from: 'km', to: 'm', times: 1000, topic: LENGTH, amounts: [2.5], exact: true },
  { from: 'm', to: 'cm', times: 100, topic: LENGTH, amounts: [3.2], exact: true },
  { from: 'cm', to: 'mm', times: 10, topic: LENGTH, amounts: [4.5], exact: true },
  { from: 'mm', to: 'm', divide: 1000, topic: LENGTH, amounts: [1500], exact: true },
  { from: 'g', to: 'kg', divide: 1000, topic: MASS, amounts: [2400], exact: true },
  { from: 'kg', to: 'g', times: 1000, topic: MASS, amounts: [1.25], exact: true },
  { from: 't', to: 'kg', times: 1000, topic: MASS, amounts: [2.5], exact: true },
  { from: 'L', to: 'mL', times: 1000, topic: VOLUME, amounts: [0.25], exact: true },
  { from: 'mL', to: 'L', divide: 1000, topic: VOLUME, amounts: [1250], exact: true },
  { from: 'm³', to: 'L', times: 1000, topic: VOLUME, amounts: [0.5], exact: true },
  { from: 'h', to: 'min', times: 60, topic: TIME, amounts: [2.5], exact: true },
  { from: 'min', to: 's', times: 60, topic: TIME, amounts: [3.5], exact: true },
  { from: 'h', to: 's', times: 3600, topic: TIME, amounts: [1.5], exact: true },
  { from: 'd', to: 'h', times: 24, topic: TIME, amounts: [3.5], exact: true },
  { from: 'wk', to: 'd', times: 7, topic: TIME, amounts: [12], exact: true },
  { from: 'in', to: 'cm', times: 2.54, topic: LENGTH, amounts: [12], exact: false },
  { from: 'ft', to: 'm', times: 0.3048, topic: LENGTH, amounts: [10], exact: false },
  { from: 'mi', to: 'km', times: 1.609344, topic: LENGTH, amounts: [26.2], exact: false },
  { from: 'yd', to: 'm', times: 0.9144, topic: LENGTH, amounts: [100], exact: false },
  { from: 'lb', to: 'kg', times: 0.45359237, topic: MASS, amounts: [150], exact: false },
  { from: 'oz', to: 'g', times: 28.349523125, topic: MASS, amounts: [16], exact: false },
  { from: 'US gal', to: 'L', times: 3.785411784, topic: VOLUME, amounts: [5], exact: false },
  { from: 'imp gal', to: 'L', times: 4.54609, topic: VOLUME, amounts: [2], exact: false },
  { from: 'km/h', to: 'm/s', divide: 3.6, topic: TIME, amounts: [90], exact: true },
];

/** Named quantities with their size in one base unit, for comparing and ordering. */
export const comparisons: {
  topic: string;
  base: string;
  plural: string;
  noun: string;
  items: [string, number][];
}[] = [
  {
    topic: LENGTH,
    plural: 'lengths',
    base: 'm',
    noun: 'longest',
    items: [
      ['1 mile', 1609.344],
      ['1 kilometre', 1000],
      ['1,000 yards', 914.4],
      ['1,500 metres', 1500],
      ['5,000 feet', 1524],
      ['1,200 metres', 1200],
      ['50,000 inches', 1270],
      ['0.8 miles', 1287.4752],
      ['90,000 centimetres', 900],
      ['1.1 kilometres', 1100],
    ],
  },
  {
    topic: MASS,
    plural: 'masses',
    base: 'kg',
    noun: 'heaviest',
    items: [
      ['1 pound', 0.45359237],
      ['500 grams', 0.5],
      ['1 kilogram', 1],
      ['2 pounds', 0.90718474],
      ['20 ounces', 0.5669904625],
      ['0.75 kilograms', 0.75],
      ['800 grams', 0.8],
      ['3 pounds', 1.36077711],
      ['1,200 grams', 1.2],
    ],
  },
  {
    topic: VOLUME,
    plural: 'volumes',
    base: 'L',
    noun: 'largest',
    items: [
      ['1 US gallon', 3.785411784],
      ['1 imperial gallon', 4.54609],
      ['4 litres', 4],
      ['3,500 millilitres', 3.5],
      ['0.005 cubic metres', 5],
      ['4,200 millilitres', 4.2],
      ['3 litres', 3],
      ['2 US gallons', 7.570823568],
    ],
  },
  {
    topic: TIME,
    plural: 'durations',
    base: 's',
    noun: 'longest',
    items: [
      ['2 hours', 7200],
      ['100 minutes', 6000],
      ['7,000 seconds', 7000],
      ['0.1 days', 8640],
      ['1.5 hours', 5400],
      ['9,000 seconds', 9000],
      ['1 hour 50 minutes', 6600],
    ],
  },
];

/** An amount and the ways to write it in other units, for "which of these are equal" questions. */
export const equivalents: {
  topic: string;
  amount: string;
  ways: [string, number][];
  value: number;
}[] = [
  {
    topic: LENGTH,
    amount: '2.5 km',
    value: 2.5,
    ways: [
      ['m', 1000],
      ['cm', 100000],
      ['mm', 1000000],
    ],
  },
  {
    topic: MASS,
    amount: '3 kg',
    value: 3,
    ways: [
      ['g', 1000],
      ['mg', 1000000],
      ['t', 0.001],
    ],
  },
  {
    topic: VOLUME,
    amount: '1.5 L',
    value: 1.5,
    ways: [
      ['mL', 1000],
      ['cL', 100],
      ['cm³', 1000],
    ],
  },
  {
    topic: TIME,
    amount: '2 hours',
    value: 2,
    ways: [
      ['minutes', 60],
      ['seconds', 3600],
    ],
  },
  {
    topic: LENGTH,
    amount: '0.5 m',
    value: 0.5,
    ways: [
      ['cm', 100],
      ['mm', 1000],
      ['km', 0.001],
    ],
  },
  {
    topic: MASS,
    amount: '250 g',
    value: 250,
    ways: [
      ['kg', 0.001],
      ['mg', 1000],
    ],
  },
  {
    topic: TIME,
    amount: '3 days',
    value: 3,
    ways: [
      ['hours', 24],
      ['minutes', 1440],
    ],
  },
  {
    topic: VOLUME,
    amount: '4 m³',
    value: 4,
    ways: [
      ['L', 1000],
      ['cm³', 1000000],
    ],
  },
];
