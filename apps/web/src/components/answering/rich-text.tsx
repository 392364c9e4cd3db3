import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type * as MarkdownRenderer from '../../lib/markdown/render-markdown';
import '../../lib/markdown/markdown.css';

type Renderer = typeof MarkdownRenderer;

/**
 * The Markdown renderer lives in a chunk of its own (Markdown and KaTeX weigh more than the rest of
 * a question page together). It is held here rather than in React.lazy: a lazy component whose
 * download fails throws into the page, and an exam taken offline would lose its question; here a
 * failed download only leaves the source text showing, and is tried again when the browser is back
 * online.
 */
let renderer: Renderer | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Fetches the renderer chunk once; pages that may go offline (exams) call it up front. */
export function loadRichText(): Promise<void> {
  if (renderer) return Promise.resolve();
  loading ??= import('../../lib/markdown/render-markdown').then(
    (module) => {
      renderer = module;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function retryWhenOnline() {
  loadRichText().catch(() => {
    // Still unreachable: the source text stays on screen until the next `online` event.
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('online', retryWhenOnline);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', retryWhenOnline);
  };
}

const currentRenderer = () => renderer;

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
 * An author's Markdown (with KaTeX math), rendered by the shared renderer. Until its chunk arrives
 * the source is shown as it is, so the question can be read at once.
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
  const plain = isPlainText(source);
  const loaded = useSyncExternalStore(subscribe, currentRenderer, currentRenderer);
  useEffect(() => {
    if (!plain) retryWhenOnline();
  }, [plain]);
  const html = useMemo(() => {
    if (plain || !loaded) return undefined;
    if (inline) return loaded.renderInlineMarkdown(source);
    return loaded.renderMarkdown(source, blanks ? { blank: (id) => blanks[id] ?? '____' } : {});
  }, [plain, loaded, inline, source, blanks]);

  if (plain) {
    return inline ? (
      <span className="markdown">{source}</span>
    ) : (
      <div className="markdown">
        <p>{source}</p>
      </div>
    );
  }
  const Tag = inline ? 'span' : 'div';
  if (html === undefined) return <Tag className="markdown practice-rich--loading">{source}</Tag>;
  // renderMarkdown sanitises with DOMPurify: authors' text reaches every learner.
  return <Tag className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
