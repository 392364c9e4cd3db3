import { capitalize, listText } from '../format';
import type { Rng } from '../random';
import { barChart } from '../svg';
import type { MediaShelf } from '../svg';
import type { QuestionWriter } from '../writer';

const CHARTS = 'Reading charts';

interface ChartSpec {
  key: string;
  title: string;
  /** What the chart shows, completing "The bar chart shows …". */
  describe: string;
  /** Singular and plural of what each bar stands for. */
  item: [string, string];
  /** What the values count, as in "how many votes". */
  measure: string;
  unit?: string;
  /** Axis label and the name used in sentences. */
  categories: [string, string][];
  step: number;
  max: number;
}

const specs: ChartSpec[] = [
  {
    key: 'chart-fruit.svg',
    title: 'Favourite fruit',
    describe: 'how many pupils voted for each fruit',
    item: ['fruit', 'fruits'],
    measure: 'votes',
    categories: [
      ['Apple', 'Apple'],
      ['Banana', 'Banana'],
      ['Cherry', 'Cherry'],
      ['Grape', 'Grape'],
      ['Mango', 'Mango'],
    ],
    step: 5,
    max: 40,
  },
  {
    key: 'chart-books.svg',
    title: 'Books read this term',
    describe: 'how many books each class read this term',
    item: ['class', 'classes'],
    measure: 'books',
    categories: [
      ['Class A', 'Class A'],
      ['Class B', 'Class B'],
      ['Class C', 'Class C'],
      ['Class D', 'Class D'],
    ],
    step: 10,
    max: 100,
  },
  {
    key: 'chart-rainfall.svg',
    title: 'Rainfall (mm)',
    describe: 'the rainfall in millimetres for the first six months of a year',
    item: ['month', 'months'],
    measure: 'millimetres of rain',
    unit: 'mm',
    categories: [
      ['Jan', 'January'],
      ['Feb', 'February'],
      ['Mar', 'March'],
      ['Apr', 'April'],
      ['May', 'May'],
      ['Jun', 'June'],
    ],
    step: 10,
    max: 120,
  },
  {
    key: 'chart-visitors.svg',
    title: 'Museum visitors',
    describe: 'how many people visited a museum on each weekday',
    item: ['day', 'days'],
    measure: 'visitors',
    categories: [
      ['Mon', 'Monday'],
      ['Tue', 'Tuesday'],
      ['Wed', 'Wednesday'],
      ['Thu', 'Thursday'],
      ['Fri', 'Friday'],
    ],
    step: 50,
    max: 400,
  },
];

export function writeCharts(w: QuestionWriter, rng: Rng, shelf: MediaShelf): void {
  for (const spec of specs) {
    const steps = Array.from({ length: spec.max / spec.step - 1 }, (_, i) => (i + 1) * spec.step);
    const values = rng.sample(steps, spec.categories.length);
    const image = {
      key: shelf.add(
        spec.key,
        barChart({
          title: spec.title,
          labels: spec.categories.map(([label]) => label),
          values,
          max: spec.max,
          step: spec.step,
        }),
      ),
      alt: `A bar chart titled "${spec.title}" showing ${spec.describe}`,
    };
    const bars = spec.categories.map(([, name], i) => ({ name, value: values[i] as number }));
    const ranked = [...bars].sort((a, b) => b.value - a.value);
    const [top, second] = ranked as [(typeof bars)[0], (typeof bars)[0]];
    const intro = `The bar chart shows ${spec.describe}.`;
    const reading = (bar: (typeof bars)[0]) =>
      `the ${bar.name} bar reaches ${bar.value} on the scale`;
    const [singular, plural] = spec.item;

    for (const bar of rng.sample(bars, 1)) {
      const explanation = `${capitalize(reading(bar))}, which is ${bar.value} ${spec.measure}.`;
      const stem = `${intro} How many ${spec.measure} does it show for ${bar.name}?`;
      w.numeric(
        { topic: CHARTS, difficulty: 1, explanation, image },
        stem,
        bar.value,
        0,
        spec.unit,
      );
    }

    const [a, b] = rng.sample(bars, 2) as [(typeof bars)[0], (typeof bars)[0]];
    const [more, less] = a.value > b.value ? [a, b] : [b, a];
    w.numeric(
      {
        topic: CHARTS,
        difficulty: 2,
        image,
        explanation: `${capitalize(reading(more))} and ${reading(less)}, so the difference is ${more.value} − ${less.value} = ${more.value - less.value}.`,
      },
      `${intro} How many more ${spec.measure} does ${more.name} have than ${less.name}?`,
      more.value - less.value,
      0,
      spec.unit,
    );

    w.singleChoice(
      {
        topic: CHARTS,
        difficulty: 1,
        image,
        explanation: `${capitalize(reading(top))}, higher than any other bar; the next highest is ${second.name} at ${second.value}.`,
      },
      `${intro} Which ${singular} has the most ${spec.measure}?`,
      top.name,
      bars.filter((bar) => bar !== top).map((bar) => bar.name),
    );

    w.ordering(
      {
        topic: CHARTS,
        difficulty: 2,
        image,
        explanation: `Reading the bars: ${ranked.map((bar) => `${bar.name} ${bar.value}`).join(', ')}.`,
      },
      `${intro} Order the ${plural} from the highest value to the lowest.`,
      ranked.map((bar) => bar.name),
    );

    const middle = ranked[Math.floor(ranked.length / 2)] as (typeof bars)[0];
    const threshold = middle.value;
    const above = bars.filter((bar) => bar.value > threshold);
    const below = bars.filter((bar) => bar.value <= threshold);
    w.multipleResponse(
      {
        topic: CHARTS,
        difficulty: 2,
        image,
        explanation: `${listText(above.map((bar) => `${bar.name} (${bar.value})`))} are above ${threshold}; ${listText(below.map((bar) => `${bar.name} (${bar.value})`))} are not.`,
      },
      `${intro} Which ${plural} have more than ${threshold} ${spec.measure}? Select all that apply.`,
      above.map((bar) => bar.name),
      below.map((bar) => bar.name),
    );

    const blanks = [
      w.choiceBlank(
        'top',
        top.name,
        bars.filter((bar) => bar !== top).map((bar) => bar.name),
      ),
      w.textBlank('value', [String(top.value)]),
    ];
    w.cloze(
      {
        topic: CHARTS,
        difficulty: 1,
        image,
        explanation: `${capitalize(reading(top))}, the tallest bar in the chart.`,
      },
      `${intro} The ${singular} with the most ${spec.measure} is {{top}}, with {{value}}.`,
      blanks,
    );
  }
}
