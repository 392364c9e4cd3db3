import { lazy, Suspense } from 'react';

// The Markdown and math libraries are a chunk of their own, loaded after the page appears;
// until they arrive the text shows as written.
const MarkdownHtml = lazy(() => import('./markdown-html'));

export interface MarkdownProps {
  source: string;
  /** A phrase inside a sentence, such as an option, rather than paragraphs. */
  inline?: boolean;
  /** What a cloze blank `{{id}}` shows. */
  blank?: (id: string) => string;
}

export function Markdown(props: MarkdownProps) {
  const Tag = props.inline ? 'span' : 'div';
  return (
    <Suspense fallback={<Tag className="markdown">{props.source}</Tag>}>
      <MarkdownHtml {...props} />
    </Suspense>
  );
}
