import { describe, expect, it } from 'vitest';
import { markdownToPlainText, texToText } from './plain-text';

const labels = {
  image: (alt: string) => (alt ? `[image: ${alt}]` : '[image]'),
  audio: (description: string) => (description ? `[audio: ${description}]` : '[audio]'),
  video: (description: string) => (description ? `[video: ${description}]` : '[video]'),
  blank: '___',
};
const plain = (source: string) => markdownToPlainText(source, labels);
const sha = 'ab'.repeat(32);

describe('markdownToPlainText', () => {
  it('keeps the words and drops the Markdown around them', () => {
    expect(
      plain(
        '# Rivers\n\nWhich **river** flows through _Paris_ and `~~not~~` [Lyon](https://x.fr)?',
      ),
    ).toBe('Rivers Which river flows through Paris and ~~not~~ Lyon?');
    expect(plain('> Quoted\n\n- one\n- two\n1. three\n\n---\n\n~~gone~~ <b>bold</b>')).toBe(
      'Quoted one two three gone bold',
    );
  });

  it('shows an image as a short marker, never its hash, also when the excerpt cut it off', () => {
    expect(plain(`Look: ![A map of Europe](media:${sha}) Which country?`)).toBe(
      'Look: [image: A map of Europe] Which country?',
    );
    expect(plain(`![](media:${sha})`)).toBe('[image]');
    expect(plain(`Look: ![A map](media:${sha.slice(0, 20)}`)).toBe('Look: [image: A map]');
    expect(plain('Look: ![A ma')).toBe('Look: [image: A ma]');
  });

  it('shows a sound or a film as its own marker, with the description', () => {
    expect(plain(`Listen: ![A man says good morning](media:${sha}#audio) Who speaks?`)).toBe(
      'Listen: [audio: A man says good morning] Who speaks?',
    );
    expect(plain(`![](media:${sha}#video)`)).toBe('[video]');
    expect(plain(`![Cut](media:${sha}#aud`)).toBe('[image: Cut]');
  });

  it('shows math as its formula, readably, and leaves money alone', () => {
    expect(plain('Solve $x^2 + 1 = 5$ for $x$.')).toBe('Solve x² + 1 = 5 for x.');
    expect(plain('What is $\\frac{1}{2} \\cdot \\pi$?')).toBe('What is 1/2 · π?');
    expect(plain('$$\n\\sqrt{a^2 + b^2}\n$$\nThe length')).toBe('√(a² + b²) The length');
    expect(plain('It costs $5 and $6 now, \\$7 later.')).toBe('It costs $5 and $6 now, $7 later.');
    expect(plain('Cut off: $$\\frac{a}{')).toBe('Cut off: frac a');
    expect(plain('Solve \\(x^2 = 4\\), then \\[\\sqrt{x}\\]')).toBe('Solve x² = 4, then √(x)');
  });

  it('keeps escaped characters and marks cloze blanks', () => {
    expect(plain('2 \\* 3 is {{b1}}, not \\_4\\_')).toBe('2 * 3 is ___, not _4_');
    expect(plain('snake_case_name stays')).toBe('snake_case_name stays');
  });

  it('is empty for a source with nothing to read', () => {
    expect(plain('  \n\n ')).toBe('');
  });
});

describe('texToText', () => {
  it('turns common commands into the symbols they stand for', () => {
    expect(texToText('\\alpha \\le \\beta \\times 2')).toBe('α ≤ β × 2');
    expect(texToText('\\frac{x+1}{2}')).toBe('(x+1)/2');
    expect(texToText('90^\\circ')).toBe('90°');
    expect(texToText('\\text{km}')).toBe('km');
    expect(texToText('x^{10}')).toBe('x^10');
  });
});
