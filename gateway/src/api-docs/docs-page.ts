import { escapeHtml } from '@mcat/service-kit/core';
import type { OpenApiDocument } from './openapi-document';

type PathItem = NonNullable<OpenApiDocument['paths']>[string];
type Operation = NonNullable<PathItem['get']>;
type Parameter = NonNullable<Operation['parameters']>[number];
type RequestBody = NonNullable<Operation['requestBody']>;
type Response = NonNullable<Operation['responses']>[string];
type Content = NonNullable<Extract<Response, { description: string }>['content']>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** A schema as indented JSON, its `$ref`s linked to the schema they name further down. */
const schemaBlock = (schema: unknown): string =>
  `<pre>${escapeHtml(JSON.stringify(schema, null, 2)).replace(
    /&quot;#\/components\/schemas\/(\w+)&quot;/g,
    '<a href="#schema-$1">&quot;#/components/schemas/$1&quot;</a>',
  )}</pre>`;

/** A media type's schema (the type also admits `x-` extensions, hence the check). */
const schemaOf = (media: unknown): unknown =>
  typeof media === 'object' && media !== null && 'schema' in media ? media.schema : undefined;

const isReference = (value: object): value is { $ref: string } => '$ref' in value;

// The page's only styles: inline styles are what the gateway's CSP admits besides its own files.
const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:64rem;padding:1rem;color:#1b1b1b}
h1{margin-bottom:0}h2{border-bottom:1px solid #ccc;margin-top:2.5rem}
section{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:0 1rem}
h3{font-size:1.05rem}code,pre{font:13px/1.4 ui-monospace,monospace}
pre{background:#f6f8fa;overflow-x:auto;padding:.5rem;margin:.25rem 0}
.method{display:inline-block;min-width:4.5rem;font-weight:700;text-transform:uppercase}
.get{color:#0a6}.post{color:#06c}.put{color:#a60}.patch{color:#a0a}.delete{color:#c22}
table{border-collapse:collapse;width:100%}td,th{border-top:1px solid #eee;padding:.25rem;
text-align:left;vertical-align:top}ul.toc{list-style:none;padding:0}summary{cursor:pointer}
`;

/**
 * The document as a page people can read: every operation with its method, path, summary, auth,
 * parameters, request body and answers, then the named schemas. Server-rendered and script-free,
 * so it needs nothing from outside and passes the gateway's Content-Security-Policy.
 */
export function renderDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
  const toc = operations
    .map(
      ({ path, method, operation }) =>
        `<li><a href="#${escapeHtml(operation.operationId ?? '')}"><span class="method ${method}">${method}</span> <code>${escapeHtml(path)}</code></a> ${escapeHtml(operation.summary ?? '')}</li>`,
    )
    .join('\n');
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3>${schemaBlock(schema)}`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description ?? '')}</p>
<p>OpenAPI ${escapeHtml(document.openapi)} as JSON: <a href="/api/docs"><code>/api/docs</code></a></p>
<h2>Operations</h2>
<ul class="toc">
${toc}
</ul>
${operations.map(({ path, method, operation }) => operationSection(path, method, operation)).join('\n')}
<h2>Schemas</h2>
${schemas}
</body>
</html>
`;
}

function operationSection(path: string, method: string, operation: Operation): string {
  const auth =
    operation.security && operation.security.length === 0
      ? 'Public: no token'
      : 'Bearer JWT (<code>Authorization: Bearer &lt;token&gt;</code>)';
  return `<section id="${escapeHtml(operation.operationId ?? '')}">
<h3><span class="method ${method}">${method}</span> <code>${escapeHtml(path)}</code></h3>
<p><strong>${escapeHtml(operation.summary ?? '')}</strong></p>
${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ''}
<p>Auth: ${auth}</p>
${parametersTable(operation.parameters ?? [])}
${operation.requestBody ? requestBodyBlock(operation.requestBody) : ''}
<h4>Responses</h4>
${responsesTable(operation.responses ?? {})}
</section>`;
}

function parametersTable(parameters: readonly Parameter[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map((parameter) =>
    isReference(parameter)
      ? `<tr><td colspan="4">${escapeHtml(parameter.$ref)}</td></tr>`
      : `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td><td>${parameter.required ? 'required' : 'optional'}</td><td>${escapeHtml(parameter.description ?? '')}${schemaBlock(parameter.schema)}</td></tr>`,
  );
  return `<h4>Parameters</h4>
<table><tr><th>Name</th><th>In</th><th></th><th>Schema</th></tr>
${rows.join('\n')}
</table>`;
}

function requestBodyBlock(body: RequestBody): string {
  if (isReference(body)) return `<h4>Request body</h4><p>${escapeHtml(body.$ref)}</p>`;
  return `<h4>Request body</h4>
${body.description ? `<p>${escapeHtml(body.description)}</p>` : ''}
${contentBlocks(body.content)}`;
}

function responsesTable(responses: Record<string, Response>): string {
  const rows = Object.entries(responses).map(([status, response]) => {
    if (isReference(response))
      return `<tr><td>${escapeHtml(status)}</td><td>${escapeHtml(response.$ref)}</td></tr>`;
    const headers = Object.keys(response.headers ?? {});
    return `<tr><td>${escapeHtml(status)}</td><td>${escapeHtml(response.description)}${
      headers.length > 0
        ? `<br>Headers: ${headers.map((name) => `<code>${escapeHtml(name)}</code>`).join(', ')}`
        : ''
    }${response.content ? contentBlocks(response.content) : ''}</td></tr>`;
  });
  return `<table><tr><th>Status</th><th>Answer</th></tr>
${rows.join('\n')}
</table>`;
}

function contentBlocks(content: Content): string {
  return Object.entries(content)
    .map(
      ([type, media]) =>
        `<details><summary><code>${escapeHtml(type)}</code></summary>${schemaBlock(schemaOf(media))}</details>`,
    )
    .join('\n');
}
