export const CONTINENTS = [
  'Africa',
  'Asia',
  'Europe',
  'North America',
  'Oceania',
  'South America',
] as const;
export type Continent = (typeof CONTINENTS)[number];

export interface Country {
  /** As used mid-sentence, e.g. "the Philippines". */
  name: string;
  capital: string;
  /** Spellings also accepted in typed answers. */
  alt: string[];
  continent: Continent;
  /** Capital's latitude and longitude in degrees; south and west are negative. */
  lat: number;
  lon: number;
  level: 1 | 2 | 3;
  /** A larger or better-known city people often mistake for the capital. */
  decoy?: string;
  note?: string;
  /** Spans two continents, so it is left out of "which continent" questions. */
  transcontinental?: boolean;
}

type Row = [string, string, Continent, number, number, 1 | 2 | 3, string[]?];

const rows: Row[] = [
  ['France', 'Paris', 'Europe', 48.86, 2.35, 1],
  ['Germany', 'Berlin', 'Europe', 52.52, 13.4, 1],
  ['Italy', 'Rome', 'Europe', 41.9, 12.5, 1],
  ['Spain', 'Madrid', 'Europe', 40.42, -3.7, 1],
  ['the United Kingdom', 'London', 'Europe', 51.51, -0.13, 1],
  ['Portugal', 'Lisbon', 'Europe', 38.72, -9.14, 2],
  ['Poland', 'Warsaw', 'Europe', 52.23, 21.01, 2],
  ['Austria', 'Vienna', 'Europe', 48.21, 16.37, 2],
  ['Hungary', 'Budapest', 'Europe', 47.5, 19.04, 2],
  ['Greece', 'Athens', 'Europe', 37.98, 23.73, 1],
  ['Norway', 'Oslo', 'Europe', 59.91, 10.75, 2],
  ['Sweden', 'Stockholm', 'Europe', 59.33, 18.07, 2],
  ['Finland', 'Helsinki', 'Europe', 60.17, 24.94, 2],
  ['Ireland', 'Dublin', 'Europe', 53.35, -6.26, 1],
  ['Czechia', 'Prague', 'Europe', 50.08, 14.44, 2],
  ['Iceland', 'Reykjavík', 'Europe', 64.15, -21.94, 3, ['Reykjavik']],
  ['Japan', 'Tokyo', 'Asia', 35.68, 139.69, 1],
  ['China', 'Beijing', 'Asia', 39.9, 116.41, 1, ['Peking']],
  ['India', 'New Delhi', 'Asia', 28.61, 77.21, 2],
  ['South Korea', 'Seoul', 'Asia', 37.57, 126.98, 2],
  ['Thailand', 'Bangkok', 'Asia', 13.76, 100.5, 2],
  ['Vietnam', 'Hanoi', 'Asia', 21.03, 105.85, 3, ['Ha Noi']],
  ['the Philippines', 'Manila', 'Asia', 14.6, 120.98, 3],
  ['Mongolia', 'Ulaanbaatar', 'Asia', 47.89, 106.91, 3, ['Ulan Bator', 'Ulaanbaatar City']],
  ['Nepal', 'Kathmandu', 'Asia', 27.72, 85.32, 3],
  ['Egypt', 'Cairo', 'Africa', 30.04, 31.24, 1],
  ['Kenya', 'Nairobi', 'Africa', -1.29, 36.82, 2],
  ['Nigeria', 'Abuja', 'Africa', 9.06, 7.49, 3],
  ['Ghana', 'Accra', 'Africa', 5.56, -0.2, 3],
  ['Ethiopia', 'Addis Ababa', 'Africa', 9.03, 38.74, 3],
  ['Morocco', 'Rabat', 'Africa', 34.02, -6.83, 3],
  ['Senegal', 'Dakar', 'Africa', 14.69, -17.44, 3],
  ['Canada', 'Ottawa', 'North America', 45.42, -75.7, 2],
  ['Mexico', 'Mexico City', 'North America', 19.43, -99.13, 1, ['Ciudad de México']],
  ['Cuba', 'Havana', 'North America', 23.11, -82.37, 2, ['La Habana']],
  [
    'the United States',
    'Washington, D.C.',
    'North America',
    38.91,
    -77.04,
    1,
    ['Washington DC', 'Washington D.C.', 'Washington'],
  ],
  ['Brazil', 'Brasília', 'South America', -15.79, -47.88, 2, ['Brasilia']],
  ['Argentina', 'Buenos Aires', 'South America', -34.6, -58.38, 1],
  ['Chile', 'Santiago', 'South America', -33.45, -70.67, 2, ['Santiago de Chile']],
  ['Peru', 'Lima', 'South America', -12.05, -77.04, 2],
  ['Colombia', 'Bogotá', 'South America', 4.71, -74.07, 2, ['Bogota']],
  ['Uruguay', 'Montevideo', 'South America', -34.9, -56.19, 3],
  ['Australia', 'Canberra', 'Oceania', -35.28, 149.13, 2],
  ['New Zealand', 'Wellington', 'Oceania', -41.29, 174.78, 2],
  ['Fiji', 'Suva', 'Oceania', -18.14, 178.44, 3],
];

const decoys: Record<string, string> = {
  Australia: 'Sydney',
  Canada: 'Toronto',
  Brazil: 'Rio de Janeiro',
  Nigeria: 'Lagos',
  Morocco: 'Casablanca',
  Vietnam: 'Ho Chi Minh City',
  'the United States': 'New York City',
  India: 'Mumbai',
  'New Zealand': 'Auckland',
  China: 'Shanghai',
};

const notes: Record<string, string> = {
  Australia:
    'Canberra was purpose-built as a compromise between the rival cities of Sydney and Melbourne.',
  Canada: 'Ottawa was chosen over Toronto, Montreal and other candidates in 1857.',
  Brazil: 'Brasília replaced Rio de Janeiro as the capital in 1960.',
  Nigeria: 'Abuja replaced Lagos as the capital in 1991.',
  Morocco: 'Casablanca is the largest city, but the government sits in Rabat.',
  Vietnam: 'Ho Chi Minh City is larger, but Hanoi is the capital.',
  'the United States': 'The capital is a federal district that is not part of any state.',
  India: 'New Delhi lies within the National Capital Territory of Delhi.',
  'New Zealand': 'Auckland is the largest city; Wellington is the seat of government.',
  Iceland: 'Reykjavík is the northernmost capital of a sovereign state.',
  Mongolia: 'Ulaanbaatar is often described as the coldest national capital.',
  Ethiopia: 'Addis Ababa is also home to the headquarters of the African Union.',
  Egypt: 'Cairo lies on the Nile, just south of its delta.',
  Senegal: 'Dakar sits on the Cap-Vert peninsula, the westernmost point of mainland Africa.',
  Kenya: 'Nairobi lies just south of the Equator.',
};

// Egypt's Sinai peninsula lies in Asia.
const transcontinental = new Set(['Egypt']);

export const countries: Country[] = rows.map(
  ([name, capital, continent, lat, lon, level, alt]) => ({
    name,
    capital,
    alt: alt ?? [],
    continent,
    lat,
    lon,
    level,
    decoy: decoys[name],
    note: notes[name],
    transcontinental: transcontinental.has(name),
  }),
);
