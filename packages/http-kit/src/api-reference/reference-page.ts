import { html, SafeHtml, type HtmlValue } from '../html';
import { samplesFor, type TypedClient } from './code-samples';
import { markdownToHtml } from './markdown';
import type { OpenApiDoc, Operation, Parameter } from './openapi-types';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Entry {
  method: string;
  path: string;
  operation: Operation;
  id: string;
}

const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const md = (text: string | undefined) => new SafeHtml(markdownToHtml(text));

function parameterRows(parameters: Parameter[]): HtmlValue {
  if (parameters.length === 0) return null;
  return html`<table>
    <caption>
      Parameters
    </caption>
    <thead>
      <tr>
        <th scope="col">Name</th>
        <th scope="col">In</th>
        <th scope="col">Type</th>
        <th scope="col">Description</th>
      </tr>
    </thead>
    <tbody>
      ${parameters.map(
        (p) =>
          html`<tr>
            <th scope="row">
              <code>${p.name}</code
              >${p.required ? html` <span class="required">required</span>` : null}
            </th>
            <td>${p.in}</td>
            <td><code>${[p.schema?.type ?? 'string'].flat().join(' | ')}</code></td>
            <td>${md(p.description)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function operationSection(doc: OpenApiDoc, entry: Entry, client: TypedClient | undefined) {
  const { operation, method, path } = entry;
  const body = operation.requestBody?.content;
  return html`<section class="operation" aria-labelledby="${entry.id}">
    <h3 id="${entry.id}">
      <span class="method method--${method}">${method.toUpperCase()}</span>
      <code class="path">${path}</code>
    </h3>
    <p class="summary">${operation.summary ?? ''}</p>
    ${md(operation.description)} ${parameterRows(operation.parameters ?? [])}
    ${body && html`<p>Request body: ${Object.keys(body).map((type) => html`<code>${type}</code> `)}</p>`}
    <h4>Responses</h4>
    <dl class="responses">
      ${Object.entries(operation.responses ?? {}).map(
        ([status, response]) =>
          html`<dt><code>${status}</code></dt>
            <dd>${md(response.description)}</dd>`,
      )}
    </dl>
    <h4>Examples</h4>
    ${samplesFor(doc, method, path, operation, client).map(
      (sample) =>
        html`<details class="sample">
          <summary>${sample.language}</summary>
          <pre
            tabindex="0"
            aria-label="${sample.language} example for ${method.toUpperCase()} ${path}"
          ><code>${sample.code}</code></pre>
        </details>`,
    )}
  </section>`;
}

/**
 * The API reference as one server-rendered page: every operation grouped by tag, its parameters,
 * answers and examples in curl, JavaScript and Python. No script runs on it, so it is complete as
 * soon as its HTML and one small style sheet have arrived, and keyboard and screen-reader use
 * are those of plain HTML (native disclosure widgets for the examples).
 */
export function renderReferencePage(
  doc: OpenApiDoc,
  options: { stylesheet: string; documentUrl: string; client?: TypedClient },
): string {
  const entries: Entry[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      entries.push({
        method,
        path,
        operation,
        id: `op-${anchor(operation.operationId ?? `${method}-${path}`)}`,
      });
    }
  }
  const tagNames = [
    ...new Set([
      ...(doc.tags ?? []).map((tag) => tag.name),
      ...entries.map((entry) => entry.operation.tags?.[0] ?? 'other'),
    ]),
  ];
  const tagged = tagNames
    .map((name) => ({
      name,
      description: doc.tags?.find((tag) => tag.name === name)?.description,
      // Under its first tag only: an operation appears once, so its anchor and heading are unique.
      entries: entries.filter((entry) => (entry.operation.tags?.[0] ?? 'other') === name),
    }))
    .filter((tag) => tag.entries.length > 0);
  const title = `${doc.info.title} reference`;

  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <link rel="stylesheet" href="${options.stylesheet}" />
      </head>
      <body>
        <a class="skip" href="#main">Skip to the operations</a>
        <header class="intro">
          <h1>${doc.info.title}</h1>
          ${md(doc.info.description)}
          <p>
            The OpenAPI 3.1 document: <a href="${options.documentUrl}">${options.documentUrl}</a>.
            In the examples, <code>QUESTA_URL</code> stands for Questa’s address, such as
            <code>https://questa.example.org</code>.
          </p>
        </header>
        <nav aria-label="Operations by tag">
          <h2>Contents</h2>
          <ul>
            ${tagged.map(
              (tag) =>
                html`<li>
                  <a href="#tag-${anchor(tag.name)}">${tag.name}</a> (${tag.entries.length})
                </li>`,
            )}
          </ul>
        </nav>
        <main id="main">
          ${tagged.map(
            (tag) =>
              html`<section class="tag" aria-labelledby="tag-${anchor(tag.name)}">
                <h2 id="tag-${anchor(tag.name)}">${tag.name}</h2>
                ${md(tag.description)}
                ${tag.entries.map((entry) => operationSection(doc, entry, options.client))}
              </section>`,
          )}
        </main>
      </body>
    </html>`.value;
}
