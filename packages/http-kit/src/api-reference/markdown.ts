import { escapeHtml } from '../html';

/** `code` and **strong** within one line of already escaped text. */
const inline = (text: string) =>
  text.replace(/`([^`]+)`/g, '<code>$1</code>').replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

/**
 * The little Markdown Questa writes in its OpenAPI descriptions (paragraphs, `- ` lists, code
 * spans, bold) as HTML. Everything is escaped first, so a description can never inject markup.
 */
export function markdownToHtml(markdown: string | undefined): string {
  if (!markdown) return '';
  return markdown
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split('\n').map((line) => inline(escapeHtml(line.trim())));
      if (lines.every((line) => line.startsWith('- '))) {
        return `<ul>${lines.map((line) => `<li>${line.slice(2)}</li>`).join('')}</ul>`;
      }
      return `<p>${lines.join(' ')}</p>`;
    })
    .join('\n');
}
