import { useMemo } from 'react';
import { renderInlineMarkdown, renderMarkdown } from '../../../lib/markdown/render-markdown';
import type { MarkdownProps } from './markdown';

/** Markdown as HTML, sanitised by the renderer; loaded lazily by `Markdown`. */
export default function MarkdownHtml({ source, inline = false, blank }: MarkdownProps) {
  const html = useMemo(
    () => (inline ? renderInlineMarkdown(source) : renderMarkdown(source, blank ? { blank } : {})),
    [source, inline, blank],
  );
  const Tag = inline ? 'span' : 'div';
  return <Tag className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
