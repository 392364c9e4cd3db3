/**
 * Markdown as one line of readable text, for lists that show many questions at once: no HTML, no
 * Markdown chunk and no KaTeX to load. Math keeps its TeX, without dollars and with common
 * commands as the symbols they stand for; images, sounds and films become a short marker. It also reads a source
 * cut short mid-syntax, as a list's excerpt is, without leaking a half image reference.
 */
import { MEDIA_ADDRESS } from '@questa/contracts/rules/files';

export interface PlainTextLabels {
  /** What an image shows as, from its alternative text (empty when it has none). */
  image: (alt: string) => string;
  /** What a sound (`media:…#audio`) shows as, from its description. */
  audio: (description: string) => string;
  /** What a film (`media:…#video`) shows as, from its description. */
  video: (description: string) => string;
  /** What a cloze blank `{{id}}` shows as. */
  blank: string;
}

const symbols: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  theta: 'θ',
  lambda: 'λ',
  mu: 'μ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  varphi: 'φ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Omega: 'Ω',
  cdot: '·',
  times: '×',
  div: '÷',
  pm: '±',
  mp: '∓',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  neq: '≠',
  approx: '≈',
  equiv: '≡',
  infty: '∞',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  Rightarrow: '⇒',
  Leftrightarrow: '⇔',
  in: '∈',
  notin: '∉',
  subset: '⊂',
  cup: '∪',
  cap: '∩',
  sum: '∑',
  prod: '∏',
  int: '∫',
  partial: '∂',
  nabla: '∇',
  circ: '∘',
  degree: '°',
  ldots: '…',
  cdots: '⋯',
  percent: '%',
};

const superscripts: Record<string, string> = { '2': '²', '3': '³' };

/** TeX as text a reader can follow: `\frac{a}{b}` as a/b, `x^2` as x², `\pi` as π. */
export function texToText(tex: string): string {
  let text = tex;
  // Innermost first, so nested fractions and roots unwrap one level at a time.
  for (let pass = 0; pass < 5; pass += 1) {
    const before = text;
    text = text
      .replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, (_, a: string, b: string) => {
        const wrap = (part: string) =>
          /^[\w.²³]+$/.test(part.trim()) ? part.trim() : `(${part.trim()})`;
        return `${wrap(a)}/${wrap(b)}`;
      })
      .replace(/\\sqrt\s*\{([^{}]*)\}/g, '√($1)')
      .replace(/\\(?:text|mathrm|mathbf|mathit|operatorname|textbf|textit)\s*\{([^{}]*)\}/g, '$1');
    if (text === before) break;
  }
  return (
    text
      .replace(/\^\s*\{?\\circ\}?/g, '°')
      .replace(/\^\s*\{?([23])\}?(?![\d}])/g, (_, digit: string) => superscripts[digit] ?? digit)
      .replace(/\\(?:left|right|displaystyle)\b/g, '')
      .replace(/\\[,;:! ]/g, ' ')
      // An unknown command keeps its name, apart from the group it takes: `\frac{a}{` reads "frac a".
      .replace(/\\([A-Za-z]+)(\{?)/g, (_, name: string, brace: string) =>
        symbols[name] ? `${symbols[name]}${brace}` : `${name}${brace ? ' ' : ''}`,
      )
      .replace(/\\([{}%$&#_])/g, '$1')
      .replace(/[{}]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Characters that stand for text kept aside while the Markdown around it is taken apart. */
const hold = (index: number) => `\u{F0000}${index}\u{F0001}`;
const held = /\u{F0000}(\d+)\u{F0001}/gu;

export function markdownToPlainText(source: string, labels: PlainTextLabels): string {
  const kept: string[] = [];
  const keep = (text: string) => hold(kept.push(text) - 1);

  let text = source
    .replace(/\r\n?/g, '\n')
    // An escaped dollar is a dollar, never the start of math.
    .replace(/\\\$/g, () => keep('$'))
    .replace(/`([^`\n]+)`/g, (_, code: string) => keep(code))
    .replace(/^\s*(?:```|~~~).*$/gm, '')
    .replace(/\$\$([\s\S]+?)\$\$/g, (_, tex: string) => keep(texToText(tex)))
    // The same rule as the renderer's: a dollar followed by a space, or a closing one followed by
    // a digit, is money, so "costs $5 and $6" stays text.
    .replace(/\$(?![\s$])((?:\\.|[^\\$\n])+?)(?<!\s)\$(?!\d)/g, (_, tex: string) =>
      keep(texToText(tex)),
    )
    // A display formula cut off by the excerpt's end: what is left of it is still math.
    .replace(/\$\$([\s\S]*)$/, (_, tex: string) => keep(texToText(tex)))
    // LaTeX's own delimiters are math too, as in the renderer.
    .replace(/\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)/g, (_, display?: string, inline?: string) =>
      keep(texToText(display ?? inline ?? '')),
    )
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, (_, char: string) => keep(char));

  text = text
    // An image, a sound or a film, also one cut off after its text or inside its address.
    .replace(/!\[([^\]\n]*)\](?:\(([^)\n]*)\)?)?/g, (_, alt: string, address?: string) => {
      const kind = MEDIA_ADDRESS.exec(address ?? '')?.[2];
      const label =
        kind === 'audio' ? labels.audio : kind === 'video' ? labels.video : labels.image;
      return keep(label(alt.trim()));
    })
    .replace(/!\[([^\]\n]*)$/, (_, alt: string) => keep(labels.image(alt.trim())))
    .replace(/\[([^\]\n]*)\]\([^)\n]*\)?/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/\{\{[A-Za-z0-9_-]{1,40}\}\}/g, () => keep(labels.blank))
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, '')
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, '')
    .replace(/^[ \t]*\||\|[ \t]*$/gm, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]+?)(?<=\S)\1/g, '$2')
    .replace(/~~(?=\S)([\s\S]+?)(?<=\S)~~/g, '$1')
    .replace(/(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?!\*)/g, '$1')
    .replace(/(?<![A-Za-z0-9_])_(?=\S)([^_\n]+?)(?<=\S)_(?![A-Za-z0-9_])/g, '$1');

  // Held text may itself hold text (a marker inside an image's alternative text).
  const restore = (value: string): string =>
    value.replace(held, (_, index: string) => restore(kept[Number(index)] ?? ''));
  return restore(text).replace(/\s+/g, ' ').trim();
}
