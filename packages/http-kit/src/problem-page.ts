import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Problem } from '@questa/contracts';
import { escapeHtml } from './html';

/** Where a problem page sends a person next; relative, so it works behind any origin. */
export interface ProblemPageLinks {
  /** Questa's home page. */
  home: string;
  /** Starts signing in again; a service without sign-in leaves it out. */
  signIn?: string;
}

/**
 * A browser that navigated here (a link, a redirect back from the identity provider, an address
 * typed in) wants a page, not JSON; the client's own `fetch` calls ask for JSON and keep getting
 * problem documents.
 */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-mode'] === 'navigate') return true;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.includes('json');
}

// Questa's colours and type, trimmed to one card; a hash in the policy allows this style only.
const STYLE = `:root{color-scheme:light dark;--bg:light-dark(#f5f6fa,#0d1017);--card:light-dark(#fff,#161b24);
--text:light-dark(#151922,#e9ecf2);--muted:light-dark(#4a5264,#a7b0c0);--primary:light-dark(#4338ca,#a5b4fc);
--on-primary:light-dark(#fff,#141634);--line:light-dark(#dfe2ea,#2a3140)}
body{margin:0;min-width:320px;background:var(--bg);color:var(--text);line-height:1.6;
font-family:Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:32rem;margin:10vh auto;padding:2rem;background:var(--card);border:1px solid var(--line);border-radius:16px}
.brand{display:inline-flex;gap:.5rem;align-items:center;font-weight:700;color:var(--text);text-decoration:none}
.brand span{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:8px;background:var(--primary);color:var(--on-primary)}
h1{font-size:1.5rem;margin:1.5rem 0 .5rem}.next{display:inline-block;margin-top:1rem;padding:.6rem 1.1rem;
border-radius:10px;background:var(--primary);color:var(--on-primary);font-weight:600;text-decoration:none}
.ref{color:var(--muted);font-size:.875rem;margin-top:1.5rem}:focus-visible{outline:3px solid var(--primary);outline-offset:2px}`;

const POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

/** What a person can do about each problem: sign in again, try again, or go home. */
function nextStep(problem: Problem, links: ProblemPageLinks, url: string) {
  if (problem.code === 'auth.required' && links.signIn) {
    return { href: links.signIn, label: 'Sign in again' };
  }
  if (problem.code === 'unavailable' || problem.code === 'rate_limited') {
    return { href: url, label: 'Try again' };
  }
  return { href: links.home, label: 'Back to Questa' };
}

export function sendProblemPage(
  request: FastifyRequest,
  reply: FastifyReply,
  problem: Problem,
  links: ProblemPageLinks,
) {
  const next = nextStep(problem, links, request.url);
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(problem.title)} · Questa</title><style>${STYLE}</style></head>
<body><main><a class="brand" href="${escapeHtml(links.home)}"><span aria-hidden="true">Q</span>Questa</a>
<h1>${escapeHtml(problem.title)}</h1><p>${escapeHtml(problem.detail ?? problem.title)}</p>
<a class="next" href="${escapeHtml(next.href)}">${escapeHtml(next.label)}</a>
<p class="ref">Reference ${escapeHtml(problem.requestId ?? '')}</p></main></body></html>
`;
  return reply
    .code(problem.status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': POLICY,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(page);
}
