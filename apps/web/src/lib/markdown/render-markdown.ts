import DOMPurify from 'dompurify';
import katex from 'katex';
import {
  Marked,
  type RendererObject,
  type TokenizerAndRendererExtension,
  type Tokens,
} from 'marked';
import { MEDIA_ADDRESS } from '@questa/contracts/rules/files';
import { mediaUrl } from './media-url';
import 'katex/dist/katex.min.css';
import './markdown.css';

export interface RenderOptions {
  /**
   * What a cloze blank `{{id}}` shows; without it the marker stays text. The result is escaped, so
   * it may be any string.
   */
  blank?: (id: string) => string;
}

export { mediaUrl };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function renderMath(tex: string, displayMode: boolean): string {
  // A typo in a formula shows the formula in red instead of breaking the preview.
  return katex.renderToString(tex, { displayMode, throwOnError: false, output: 'htmlAndMathml' });
}

interface MathToken extends Tokens.Generic {
  tex: string;
  display: boolean;
}

/**
 * LaTeX's own delimiters, `\(…\)` and `\[…\]`, are math as well: Moodle and many authors write
 * them, and Markdown would otherwise read `\(` as an escaped bracket and show the formula as text.
 */
const blockMath: TokenizerAndRendererExtension = {
  name: 'blockMath',
  level: 'block',
  start: (src) => src.match(/^(?:\$\$|\\\[)/m)?.index,
  tokenizer(src) {
    const match =
      /^\$\$([\s\S]+?)\$\$[^\S\n]*(?:\n+|$)/.exec(src) ??
      /^\\\[([\s\S]+?)\\\][^\S\n]*(?:\n+|$)/.exec(src);
    if (!match) return undefined;
    return { type: 'blockMath', raw: match[0], tex: match[1]?.trim() ?? '', display: true };
  },
  renderer: (token) => `<div class="md-math">${renderMath((token as MathToken).tex, true)}</div>`,
};

/**
 * `$…$` inline and `$$…$$` on one line. A dollar followed by a space or a digit after the closing
 * one is treated as money, not math, so "costs $5 and $6" stays text.
 */
const inlineMath: TokenizerAndRendererExtension = {
  name: 'inlineMath',
  level: 'inline',
  start: (src) => src.match(/\$|\\[([]/)?.index,
  tokenizer(src) {
    const display = /^\$\$([^$]+?)\$\$/.exec(src) ?? /^\\\[([\s\S]+?)\\\]/.exec(src);
    if (display) {
      return { type: 'inlineMath', raw: display[0], tex: display[1]?.trim() ?? '', display: true };
    }
    const inline =
      /^\$(?![\s$])((?:\\.|[^\\$\n])+?)(?<!\s)\$(?!\d)/.exec(src) ??
      /^\\\(([\s\S]+?)\\\)/.exec(src);
    if (!inline) return undefined;
    return { type: 'inlineMath', raw: inline[0], tex: inline[1] ?? '', display: false };
  },
  renderer: (token) => renderMath((token as MathToken).tex, (token as MathToken).display),
};

function clozeBlanks(label: (id: string) => string): TokenizerAndRendererExtension {
  return {
    name: 'clozeBlank',
    level: 'inline',
    start: (src) => (src.indexOf('{{') === -1 ? undefined : src.indexOf('{{')),
    tokenizer(src) {
      const match = /^\{\{([A-Za-z0-9_-]{1,40})\}\}/.exec(src);
      return match ? { type: 'clozeBlank', raw: match[0], id: match[1] } : undefined;
    },
    renderer: (token) => `<span class="md-blank">${escapeHtml(label(String(token.id)))}</span>`,
  };
}

/**
 * `![description](media:<sha256>#audio)` (or `#video`) becomes a marker naming only the hash and
 * the kind; the player is built after sanitising (see `withPlayers`). Players never come from an
 * author's own HTML, so no address the author chose ends up in one.
 */
const mediaPlayers: RendererObject = {
  image({ href, text }) {
    const match = MEDIA_ADDRESS.exec(href);
    if (!match?.[2]) return false;
    return `<span data-questa-player="${match[2]}" data-questa-media="${match[1]}" data-questa-description="${escapeHtml(text)}"></span>`;
  },
};

let plain: Marked | undefined;

function parser(options: RenderOptions): Marked {
  if (!options.blank) return (plain ??= createParser([]));
  return createParser([clozeBlanks(options.blank)]);
}

function createParser(extra: TokenizerAndRendererExtension[]): Marked {
  return new Marked({
    gfm: true,
    breaks: true,
    extensions: [blockMath, inlineMath, ...extra],
    renderer: mediaPlayers,
    walkTokens(token) {
      if (token.type === 'image' && !MEDIA_ADDRESS.exec(token.href)?.[2]) {
        token.href = mediaUrl(token.href);
      }
    },
  });
}

const sanitize = (html: string) => {
  const clean = DOMPurify.sanitize(html, {
    // Authors write content, not pages: no forms, frames or styles of their own, and no players
    // of their own either: sound and film come only from Questa's media, through the Markdown.
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'iframe',
      'audio',
      'video',
      'source',
      'track',
    ],
    // KaTeX's MathML keeps the formula's source for screen readers and copying; `annotation`
    // holds text only (unlike `annotation-xml`, which stays forbidden).
    ADD_TAGS: ['semantics', 'annotation'],
    ADD_ATTR: ['encoding'],
  });
  return clean.includes('data-questa-player') ? withPlayers(clean) : clean;
};

const sha256Pattern = /^[0-9a-f]{64}$/;

/**
 * Turns each sanitised player marker into an `<audio>` or `<video>` with controls, its address
 * built here from the hash alone, and the description as the player's name and a caption.
 */
function withPlayers(clean: string): string {
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const marker of template.content.querySelectorAll<HTMLElement>('[data-questa-player]')) {
    const kind = marker.dataset.questaPlayer;
    const sha256 = marker.dataset.questaMedia ?? '';
    const description = (marker.dataset.questaDescription ?? '').trim();
    const wrapper = document.createElement('span');
    if ((kind !== 'audio' && kind !== 'video') || !sha256Pattern.test(sha256)) {
      marker.replaceWith(description);
      continue;
    }
    wrapper.className = `md-media md-media--${kind}`;
    const player = document.createElement(kind);
    player.controls = true;
    player.preload = 'metadata';
    player.src = mediaUrl(`media:${sha256}`);
    if (description) player.setAttribute('aria-label', description);
    wrapper.append(player);
    if (description) {
      // Shown for everyone; the player already carries it as its name for screen readers.
      const caption = document.createElement('span');
      caption.className = 'md-media__caption';
      caption.setAttribute('aria-hidden', 'true');
      caption.textContent = description;
      wrapper.append(caption);
    }
    marker.replaceWith(wrapper);
  }
  return template.innerHTML;
}

/**
 * A question's Markdown as safe HTML: math typeset with KaTeX, `media:` images pointed at the
 * content-delivery base, `media:…#audio` and `#video` as players, and everything passed through
 * DOMPurify, because an author's text is shown to every learner.
 */
export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  return sanitize(parser(options).parse(source, { async: false }));
}

/** One line of Markdown (an option, an item) without the surrounding paragraph. */
export function renderInlineMarkdown(source: string): string {
  return sanitize(parser({}).parseInline(source, { async: false }));
}
