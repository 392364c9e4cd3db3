import type { XmlElement, XmlNode } from '../shared/xml';
import { isElement, textContent } from '../shared/xml';

/** TeX for MathML operators and identifiers that are not plain ASCII. */
const SYMBOLS: Record<string, string> = {
  '×': '\\times',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '÷': '\\div',
  '±': '\\pm',
  '∓': '\\mp',
  '−': '-',
  '≤': '\\le',
  '≥': '\\ge',
  '≠': '\\ne',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∞': '\\infty',
  '→': '\\to',
  '⇒': '\\Rightarrow',
  '⇔': '\\Leftrightarrow',
  '∈': '\\in',
  '∉': '\\notin',
  '⊂': '\\subset',
  '⊆': '\\subseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '∂': '\\partial',
  '∇': '\\nabla',
  '°': '^\\circ',
  '…': '\\ldots',
  '∠': '\\angle',
  '⁡': '',
  '⁢': '',
  '⁣': '',
  π: '\\pi',
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  Δ: '\\Delta',
  ε: '\\varepsilon',
  θ: '\\theta',
  Θ: '\\Theta',
  ζ: '\\zeta',
  η: '\\eta',
  κ: '\\kappa',
  ν: '\\nu',
  ξ: '\\xi',
  ρ: '\\rho',
  τ: '\\tau',
  χ: '\\chi',
  ψ: '\\psi',
  Γ: '\\Gamma',
  Λ: '\\Lambda',
  Π: '\\Pi',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  λ: '\\lambda',
  μ: '\\mu',
  σ: '\\sigma',
  Σ: '\\Sigma',
  φ: '\\varphi',
  ω: '\\omega',
  Ω: '\\Omega',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  $: '\\$',
  _: '\\_',
};

const FUNCTIONS = new Set([
  'sin',
  'cos',
  'tan',
  'sec',
  'csc',
  'cot',
  'log',
  'ln',
  'exp',
  'lim',
  'max',
  'min',
]);

function symbols(text: string): string {
  return [...text]
    .map((c) => (SYMBOLS[c] !== undefined ? `${SYMBOLS[c]} ` : c))
    .join('')
    .trim();
}

function elements(el: XmlElement): XmlElement[] {
  return el.children.filter(isElement);
}

/** Converts presentation MathML to TeX; `unknown` collects the elements it could not convert. */
class TexWriter {
  readonly unknown = new Set<string>();

  row(nodes: XmlNode[]): string {
    return nodes
      .filter(isElement)
      .map((n) => this.tex(n))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  }

  arg(el: XmlElement | undefined): string {
    if (!el) {
      this.unknown.add('a missing argument');
      return '{}';
    }
    return `{${this.tex(el)}}`;
  }

  tex(el: XmlElement): string {
    const [a, b, c] = elements(el);
    const text = textContent(el).trim();
    switch (el.name) {
      case 'math':
      case 'mrow':
      case 'mstyle':
      case 'mpadded':
      case 'mphantom':
      case 'semantics':
        // semantics: the first child is the presentation; annotations repeat it in other forms.
        return this.row(el.name === 'semantics' ? elements(el).slice(0, 1) : el.children);
      case 'annotation':
      case 'annotation-xml':
        return '';
      case 'mi':
        if (text.length > 1 && FUNCTIONS.has(text)) return `\\${text}`;
        if (text.length > 1) return `\\mathrm{${symbols(text)}}`;
        return symbols(text);
      case 'mn':
        return symbols(text);
      case 'mo':
        return symbols(text);
      case 'mtext':
        return text === '' ? '' : `\\text{${text.replace(/[{}\\$%#&_]/g, (s) => `\\${s}`)}}`;
      case 'mspace':
        return '\\ ';
      case 'msqrt':
        return `\\sqrt{${this.row(el.children)}}`;
      case 'mroot':
        return `\\sqrt[${this.tex(b ?? el)}]${this.arg(a)}`;
      case 'mfrac':
        return `\\frac${this.arg(a)}${this.arg(b)}`;
      case 'msup':
        return `${this.arg(a)}^${this.arg(b)}`;
      case 'msub':
        return `${this.arg(a)}_${this.arg(b)}`;
      case 'msubsup':
        return `${this.arg(a)}_${this.arg(b)}^${this.arg(c)}`;
      case 'munder':
        return `\\underset${this.arg(b)}${this.arg(a)}`;
      case 'mover':
        return `\\overset${this.arg(b)}${this.arg(a)}`;
      case 'munderover':
        return `${this.arg(a)}_${this.arg(b)}^${this.arg(c)}`;
      case 'mfenced': {
        const open = el.attrs.open ?? '(';
        const close = el.attrs.close ?? ')';
        const separator = (el.attrs.separators ?? ',').trim().charAt(0) || ',';
        const inner = elements(el)
          .map((n) => this.tex(n))
          .join(`${separator} `);
        return `\\left${delimiter(open)} ${inner} \\right${delimiter(close)}`;
      }
      case 'mtable':
        return `\\begin{matrix} ${elements(el)
          .map((row) =>
            elements(row)
              .map((cell) => this.row(cell.children))
              .join(' & '),
          )
          .join(' \\\\ ')} \\end{matrix}`;
      default:
        this.unknown.add(el.name);
        return symbols(text);
    }
  }
}

function delimiter(d: string): string {
  if (d === '') return '.';
  if (d === '{' || d === '}') return `\\${d}`;
  if (d === '|' || d === '(' || d === ')' || d === '[' || d === ']') return d;
  return SYMBOLS[d] ?? d;
}

/**
 * A MathML `<math>` element as `$…$` TeX for the client's KaTeX. What cannot be converted keeps
 * its text content inside the TeX, and its element names come back so the caller can warn.
 */
export function mathToTex(math: XmlElement): { tex: string; unknown: string[] } {
  const writer = new TexWriter();
  const tex = writer.tex(math);
  return { tex: tex === '' ? '' : `$${tex}$`, unknown: [...writer.unknown] };
}
