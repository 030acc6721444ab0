import path from 'node:path';
import express from 'express';
import { endpoints, type AnyEndpoint } from '@swapstuff/contracts';
import type { ApiRouter } from '../router';
import { openApiDocument } from './document';

/** swagger-ui's files, served by us (no CDN: the reference works offline and under our CSP). */
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS = '/api/docs/assets';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Swapstuff api reference</title>
    <link rel="stylesheet" href="${ASSETS}/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS}/reference.js"></script>
  </body>
</html>
`;

const START = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({ url: '${endpoints.openApi.path}', dom_id: '#reference', deepLinking: true });
});
`;

/** /api/openapi.json and /api/docs: the endpoint table as a document, and as a page for mobile developers. */
export function openApiRoutes(api: ApiRouter): void {
  const names = new Map<AnyEndpoint, string>(Object.entries(endpoints).map(([name, e]) => [e, name]));
  let document: Record<string, unknown> | undefined;

  api.handle(endpoints.openApi, {}, ({ res }) => {
    // written once, on first use, when every feature has registered: routes do not change while the process runs
    document ??= openApiDocument(api.routes, names, { version: '1' });
    res.set('Cache-Control', 'public, max-age=300').json(document);
  });
  api.handle(endpoints.apiReference, {}, ({ res }) => {
    res.set('Cache-Control', 'public, max-age=300').type('html').send(PAGE);
  });
  api.router.get(`${ASSETS}/reference.js`, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').type('js').send(START);
  });
  api.router.use(ASSETS, express.static(SWAGGER_UI, { index: false, maxAge: '1d', fallthrough: false }));
}
