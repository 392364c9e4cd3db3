// @vitest-environment jsdom
// DOMPurify does not support happy-dom, which keeps event handlers and scripts it should remove
// (cure53/DOMPurify#1457); jsdom behaves like the browsers it runs in, so sanitising is tested here.
import { describe, expect, it } from 'vitest';
import { mediaUrl, renderInlineMarkdown, renderMarkdown } from './render-markdown';

const sha = 'a'.repeat(64);

function fragment(html: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element;
}

describe('renderMarkdown', () => {
  it('renders Markdown to HTML', () => {
    const html = fragment(renderMarkdown('Which is **bold**?\n\n- one\n- two'));
    expect(html.querySelector('strong')?.textContent).toBe('bold');
    expect(html.querySelectorAll('li')).toHaveLength(2);
  });

  it('removes scripts and event handlers', () => {
    const html = renderMarkdown(
      'Hello <img src=x onerror=alert(1)> <script>alert(2)</script> [link](javascript:alert(3))',
    );
    expect(html).not.toMatch(/onerror|<script|alert\(2\)|javascript:/i);
    const element = fragment(html);
    expect(element.querySelector('img')?.getAttribute('src')).toBe('x');
    expect(element.querySelector('script')).toBeNull();
    const mathml = renderMarkdown(
      '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(4)></annotation-xml></math>',
    );
    expect(mathml).not.toMatch(/onerror|annotation-xml/);
  });

  it('drops forms, frames and inline styles an author might paste', () => {
    const html = renderMarkdown(
      '<form action="/steal"><input name="p"></form><iframe src="https://example.com"></iframe><style>body{}</style>',
    );
    expect(html).not.toMatch(/<form|<input|<iframe|<style/);
  });

  it('typesets inline and display math with KaTeX', () => {
    const element = fragment(renderMarkdown('Solve $x^2 = 4$.\n\n$$\\frac{a}{b}$$'));
    const formulas = element.querySelectorAll('.katex');
    expect(formulas).toHaveLength(2);
    expect(element.querySelector('.katex-display')).toBeTruthy();
    expect(element.querySelector('.md-math .katex-display')).toBeTruthy();
    expect(element.textContent).toContain('Solve');
  });

  it('typesets LaTeX delimiters like dollars, inline and on their own line', () => {
    const element = fragment(renderMarkdown('Solve \\(x^2 = 4\\) first.\n\n\\[\\frac{a}{b}\\]'));
    expect(element.querySelectorAll('.katex')).toHaveLength(2);
    expect(element.querySelector('.md-math .katex-display')).toBeTruthy();
    expect(element.textContent).not.toContain('\\(');
    expect(element.textContent).not.toContain('(x^2');
    const inline = fragment(renderMarkdown('Then \\[x = 2\\] inside a sentence.'));
    expect(inline.querySelector('.katex-display')).toBeTruthy();
  });

  it('leaves money amounts as text', () => {
    const element = fragment(renderMarkdown('It costs $5 and $6 today.'));
    expect(element.querySelector('.katex')).toBeNull();
    expect(element.textContent?.trim()).toBe('It costs $5 and $6 today.');
  });

  it('shows a broken formula instead of failing', () => {
    const element = fragment(renderMarkdown('Broken $\\frac{1}{$ formula'));
    expect(element.textContent).toContain('Broken');
  });

  it('points media references at the content-delivery base', () => {
    const element = fragment(renderMarkdown(`![A map](media:${sha})`));
    const image = element.querySelector('img');
    expect(image?.getAttribute('src')).toBe(`/cdn/media/${sha}`);
    expect(image?.getAttribute('alt')).toBe('A map');
    expect(mediaUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
  });

  it('shows cloze blanks with the label it is given, escaped', () => {
    const element = fragment(
      renderMarkdown('The capital is {{b1}}.', { blank: (id) => `<${id}>` }),
    );
    expect(element.querySelector('.md-blank')?.textContent).toBe('<b1>');
    expect(renderMarkdown('Keep {{b1}} as text')).toContain('{{b1}}');
  });

  it('plays media:…#audio and #video references with their description as name and caption', () => {
    const element = fragment(
      renderMarkdown(
        `Listen: ![A man says "good <b>morning</b>"](media:${sha}#audio)\n\n![](media:${sha}#video)`,
      ),
    );
    const audio = element.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(`/cdn/media/${sha}`);
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(audio?.getAttribute('aria-label')).toBe('A man says "good <b>morning</b>"');
    expect(element.querySelector('.md-media--audio .md-media__caption')?.textContent).toBe(
      'A man says "good <b>morning</b>"',
    );
    expect(element.querySelector('b')).toBeNull();
    const video = element.querySelector('video');
    expect(video?.getAttribute('src')).toBe(`/cdn/media/${sha}`);
    expect(video?.hasAttribute('aria-label')).toBe(false);
    expect(element.querySelector('.md-media--video .md-media__caption')).toBeNull();
    expect(element.querySelector('img')).toBeNull();
    const inline = fragment(renderInlineMarkdown(`Option ![a bell](media:${sha}#audio)`));
    expect(inline.querySelector('audio')?.getAttribute('aria-label')).toBe('a bell');
  });

  it('builds players only from Questa media, never from an author’s HTML', () => {
    const element = fragment(
      renderMarkdown(
        '<audio src="https://tracker.example/a.mp3" autoplay></audio><video><source src="https://tracker.example/v.mp4"></video>' +
          '<span data-questa-player="audio" data-questa-media="https://tracker.example/x">forged</span>' +
          '![external](https://example.com/a.mp3#audio)',
      ),
    );
    expect(element.querySelector('audio, video, source')).toBeNull();
    expect(element.innerHTML).not.toContain('tracker.example');
    expect(element.querySelector('img')?.getAttribute('src')).toBe(
      'https://example.com/a.mp3#audio',
    );
  });

  it('renders one line without a paragraph', () => {
    expect(renderInlineMarkdown('*Paris* $x$')).toMatch(/^<em>Paris<\/em> <span class="katex">/);
  });
});
