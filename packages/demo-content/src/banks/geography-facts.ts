import type { FixedQuestion } from '../writer';

export const CAPITALS = 'Capitals';
export const CONTINENT_TOPIC = 'Continents';
export const COORDINATES = 'Latitude and longitude';
export const PHYSICAL = 'Physical geography';

export const geographyFacts: FixedQuestion[] = [
  {
    type: 'true_false',
    topic: CAPITALS,
    difficulty: 1,
    stem: 'Sydney is the capital of Australia.',
    answer: false,
    explanation:
      'The capital is Canberra, a planned city chosen as a compromise between Sydney and Melbourne.',
  },
  {
    type: 'true_false',
    topic: CAPITALS,
    difficulty: 2,
    stem: 'Toronto is the capital of Canada.',
    answer: false,
    explanation: "Toronto is Canada's largest city, but the capital is Ottawa.",
  },
  {
    type: 'true_false',
    topic: CAPITALS,
    difficulty: 2,
    stem: 'Rio de Janeiro is the capital of Brazil.',
    answer: false,
    explanation:
      'Rio was the capital until 1960, when the government moved to the new city of Brasília.',
  },
  {
    type: 'true_false',
    topic: CAPITALS,
    difficulty: 3,
    stem: 'Lagos is the capital of Nigeria.',
    answer: false,
    explanation: 'Lagos is the largest city, but Abuja has been the capital since 1991.',
  },
  {
    type: 'true_false',
    topic: CAPITALS,
    difficulty: 3,
    stem: 'Casablanca is the capital of Morocco.',
    answer: false,
    explanation: 'Casablanca is the largest city; the capital is Rabat.',
  },
  {
    type: 'true_false',
    topic: CAPITALS,
    difficulty: 1,
    stem: 'Oslo is the capital of Norway.',
    answer: true,
    explanation: 'Oslo is the capital and largest city of Norway.',
  },
  {
    type: 'true_false',
    topic: CAPITALS,
    difficulty: 2,
    stem: 'Nairobi is the capital of Kenya.',
    answer: true,
    explanation: 'Nairobi is the capital of Kenya and lies just south of the Equator.',
  },
  {
    type: 'true_false',
    topic: PHYSICAL,
    difficulty: 3,
    stem: 'The Equator passes through Kenya.',
    answer: true,
    explanation: 'The Equator crosses Kenya a little north of Nairobi.',
  },
  {
    type: 'true_false',
    topic: COORDINATES,
    difficulty: 2,
    stem: 'The Prime Meridian passes through Greenwich in London.',
    answer: true,
    explanation: 'Longitude 0° was defined through the Royal Observatory in Greenwich.',
  },
  {
    type: 'true_false',
    topic: PHYSICAL,
    difficulty: 1,
    stem: 'The Pacific is the largest ocean on Earth.',
    answer: true,
    explanation: 'The Pacific covers more area than all of the land on Earth combined.',
  },
  {
    type: 'true_false',
    topic: COORDINATES,
    difficulty: 2,
    stem: 'The Tropic of Capricorn lies in the Northern Hemisphere.',
    answer: false,
    explanation:
      'The Tropic of Capricorn is at about 23.4° S, in the Southern Hemisphere; the Tropic of Cancer is its northern counterpart.',
  },
  {
    type: 'true_false',
    topic: PHYSICAL,
    difficulty: 3,
    stem: 'Mount Everest lies on the border between Nepal and China.',
    answer: true,
    explanation: "Everest's summit is on the border between Nepal and the Tibet region of China.",
  },

  {
    type: 'numeric',
    topic: PHYSICAL,
    difficulty: 3,
    stem: 'How tall is Mount Everest above sea level, in metres?',
    value: 8849,
    tolerance: 50,
    unit: 'm',
    explanation: 'A 2020 survey by China and Nepal measured the summit at 8,848.86 m.',
  },
  {
    type: 'numeric',
    topic: COORDINATES,
    difficulty: 3,
    stem: 'At what latitude, in degrees north, is the Tropic of Cancer?',
    value: 23.4,
    tolerance: 0.5,
    unit: '°',
    explanation: "The Tropic of Cancer is at about 23.4° N, matching the tilt of the Earth's axis.",
  },
  {
    type: 'numeric',
    topic: COORDINATES,
    difficulty: 4,
    stem: 'At what latitude, in degrees north, is the Arctic Circle?',
    value: 66.6,
    tolerance: 0.5,
    unit: '°',
    explanation: 'The Arctic Circle is at about 66.6° N: 90° minus the axial tilt of about 23.4°.',
  },
  {
    type: 'numeric',
    topic: CONTINENT_TOPIC,
    difficulty: 1,
    stem: 'How many continents are there in the seven-continent model?',
    value: 7,
    tolerance: 0,
    explanation: 'Africa, Antarctica, Asia, Australia, Europe, North America and South America.',
  },
  {
    type: 'numeric',
    topic: COORDINATES,
    difficulty: 2,
    stem: 'The Earth turns through 360° of longitude in 24 hours. How many degrees does it turn in one hour?',
    value: 15,
    tolerance: 0,
    unit: '°',
    explanation: '360° ÷ 24 hours = 15° per hour, which is why time zones are roughly 15° wide.',
  },
  {
    type: 'numeric',
    topic: COORDINATES,
    difficulty: 2,
    stem: 'What is the latitude of the South Pole, in degrees? Use negative numbers for south.',
    value: -90,
    tolerance: 0,
    unit: '°',
    explanation:
      'Latitude runs from 0° at the Equator to 90° at each pole; south is written as negative.',
  },

  {
    type: 'ordering',
    topic: PHYSICAL,
    difficulty: 2,
    stem: 'Order these oceans from largest to smallest by area.',
    items: ['Pacific Ocean', 'Atlantic Ocean', 'Indian Ocean', 'Southern Ocean', 'Arctic Ocean'],
    explanation:
      'The Pacific is by far the largest, followed by the Atlantic and the Indian Ocean; the Southern Ocean is larger than the Arctic Ocean.',
  },
  {
    type: 'ordering',
    topic: CONTINENT_TOPIC,
    difficulty: 3,
    stem: 'Order the continents from largest to smallest by land area.',
    items: [
      'Asia',
      'Africa',
      'North America',
      'South America',
      'Antarctica',
      'Europe',
      'Australia and Oceania',
    ],
    explanation:
      'Asia (about 44.6 million km²) is the largest, then Africa, North America, South America, Antarctica and Europe; Australia and Oceania is the smallest.',
  },
  {
    type: 'ordering',
    topic: PHYSICAL,
    difficulty: 4,
    stem: 'Order these mountains from highest to lowest.',
    items: ['Mount Everest', 'K2', 'Kangchenjunga', 'Lhotse'],
    explanation:
      'Everest is 8,849 m, K2 8,611 m, Kangchenjunga 8,586 m and Lhotse 8,516 m above sea level.',
  },

  {
    type: 'matching',
    topic: PHYSICAL,
    difficulty: 3,
    stem: 'Match each mountain with the continent it stands on.',
    pairs: [
      ['Mount Everest', 'Asia'],
      ['Kilimanjaro', 'Africa'],
      ['Mont Blanc', 'Europe'],
      ['Aconcagua', 'South America'],
      ['Denali', 'North America'],
    ],
    explanation:
      'Everest is in the Himalayas, Kilimanjaro in Tanzania, Mont Blanc in the Alps, Aconcagua in the Andes and Denali in Alaska.',
  },
  {
    type: 'matching',
    topic: PHYSICAL,
    difficulty: 3,
    stem: 'Match each river with the continent it flows through.',
    pairs: [
      ['Nile', 'Africa'],
      ['Amazon', 'South America'],
      ['Danube', 'Europe'],
      ['Yangtze', 'Asia'],
      ['Murray', 'Oceania'],
    ],
    explanation:
      'The Nile flows north through Africa, the Amazon east across South America, the Danube through Central Europe, the Yangtze across China and the Murray through south-eastern Australia.',
  },
];
