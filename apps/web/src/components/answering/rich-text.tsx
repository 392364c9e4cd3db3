import { lazy, Suspense } from 'react';
import '../../lib/markdown/markdown.css';

const MarkdownHtml = lazy(() => import('./markdown-html'));

/**
 * Characters that make Markdown, math or a cloze blank; text without any of them renders exactly as
 * it reads. Most questions and options are such plain text, and then the Markdown chunk is never
 * downloaded.
 */
const markup = /[\\`*_~[\]<>#|$&{}]|^\s*(?:[-+>]|\d+[.)])\s|\n|https?:|www\./m;

export function isPlainText(source: string): boolean {
  return !markup.test(source);
}

/**
 * An author's Markdown (with KaTeX math), rendered by the shared renderer in a chunk of its own.
 * Until that chunk arrives the source is shown as it is, so the question can be read at once.
 */
export function RichText({
  source,
  inline = false,
  blanks,
}: {
  source: string;
  inline?: boolean;
  /** What each cloze blank `{{id}}` shows. */
  blanks?: Readonly<Record<string, string>>;
}) {
  if (isPlainText(source)) {
    return inline ? (
      <span className="markdown">{source}</span>
    ) : (
      <div className="markdown">
        <p>{source}</p>
      </div>
    );
  }
  const Tag = inline ? 'span' : 'div';
  return (
    <Suspense fallback={<Tag className="markdown practice-rich--loading">{source}</Tag>}>
      <MarkdownHtml source={source} inline={inline} blanks={blanks} />
    </Suspense>
  );
}
