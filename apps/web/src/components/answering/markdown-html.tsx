import { useMemo } from 'react';
import { renderInlineMarkdown, renderMarkdown } from '../../lib/markdown/render-markdown';

/**
 * Markdown and math as HTML, sanitised by renderMarkdown. Loaded on demand through RichText: the
 * Markdown and KaTeX libraries weigh more than the rest of a question page together.
 */
export default function MarkdownHtml({
  source,
  inline,
  blanks,
}: {
  source: string;
  inline: boolean;
  blanks?: Readonly<Record<string, string>> | undefined;
}) {
  const html = useMemo(() => {
    if (inline) return renderInlineMarkdown(source);
    return renderMarkdown(source, blanks ? { blank: (id) => blanks[id] ?? '____' } : {});
  }, [source, inline, blanks]);
  return inline ? (
    <span className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
