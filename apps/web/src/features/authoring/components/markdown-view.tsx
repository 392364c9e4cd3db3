import { useMemo } from 'react';
import { renderMarkdown } from '../../../lib/markdown/render-markdown';

/** Markdown shown as HTML, sanitised by renderMarkdown. */
export function MarkdownView({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
