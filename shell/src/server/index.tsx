import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { endpoints, type EndpointName } from '@swapstuff/contracts';
import { createQueryClient } from '@swapstuff/sdk/query';
import { ShellContent } from '../App';
import { FirstViewServerContext, type FirstViewServer } from '../firstView';
import { buildRouteTable, type RemoteRegistry } from '../federation/routeTable';

export { shared } from './shared';

/** What the gateway asks the shell to render (bff/src/gateway/first-view.ts). */
export interface FirstViewRequest {
  /** the page's path and query string */
  url: string;
  /** the registry with each remote's declared pages, as /mf/remotes.json answers it */
  registry: RemoteRegistry;
  /** each remote's ./App as its server build has it, for the remotes that have one */
  remotes: Record<string, ComponentType>;
  /** an endpoint's Content, asked of the api as the visitor would ask it from this page */
  load(endpoint: EndpointName, input: object): Promise<unknown>;
}

export interface FirstView {
  /** what goes inside #root */
  html: string;
  /** antd's styles for the components rendered, as <style> elements for the head */
  antdStyles: string;
  /** the answers rendered with, for the browser's cache (PAGE_DATA.firstView) */
  answers: DehydratedState;
}

/**
 * The page renders again while a render asked for data not loaded yet: a page asks for what it shows,
 * and may ask more once that is there (a listing, then its seller's other listings).
 */
const MAX_RENDERS = 3;

/** A render that errs anywhere is not sent: the browser renders the page itself, as without a first view. */
async function renderToHtml(element: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => void errors.push(error),
    // every boundary written in place: a larger one would be sent apart and moved by an inline script,
    // which the page's Content-Security-Policy (script-src 'self') rightly refuses
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw errors[0];
  return Buffer.concat(chunks).toString('utf8');
}

/** [endpoint name, input]: the key every query of the SDK has (sdk/query endpointKey). */
function endpointCall(query: Query): [EndpointName, object] | null {
  const [name, input] = query.queryKey;
  if (typeof name !== 'string' || !Object.hasOwn(endpoints, name)) return null;
  return [name as EndpointName, input && typeof input === 'object' ? input : {}];
}

/**
 * A page's first view: the shell with the route's remote, rendered as the browser will render it over
 * this HTML (firstView.ts). Each render leaves in the request's cache the queries the page asked for;
 * their answers are loaded (a failed one stays pending: the page shows its placeholder, as the browser
 * will) and the page is rendered again with them.
 */
export default async function renderFirstView(request: FirstViewRequest): Promise<FirstView> {
  const server: FirstViewServer = {
    table: buildRouteTable(request.registry),
    remoteApp: (name) => request.remotes[name],
    queryClient: createQueryClient(),
  };
  const asked = new Set<string>();
  const render = async () => {
    const styles = createCache();
    const html = await renderToHtml(
      <StrictMode>
        <FirstViewServerContext.Provider value={server}>
          <StyleProvider cache={styles}>
            {/* the page's one location, as a browser router renders it at first */}
            <MemoryRouter initialEntries={[request.url]}>
              <ShellContent />
            </MemoryRouter>
          </StyleProvider>
        </FirstViewServerContext.Provider>
      </StrictMode>,
    );
    return { html, styles };
  };

  let page = await render();
  for (let renders = 1; renders < MAX_RENDERS; renders++) {
    const pending = server.queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'pending' && !asked.has(query.queryHash) });
    if (pending.length === 0) break;
    const loaded = await Promise.all(
      pending.map(async (query) => {
        asked.add(query.queryHash);
        const call = endpointCall(query);
        if (!call) return false;
        try {
          server.queryClient.setQueryData(query.queryKey, await request.load(...call));
          return true;
        } catch {
          return false;
        }
      }),
    );
    if (!loaded.includes(true)) break;
    page = await render();
  }

  return {
    html: page.html,
    antdStyles: extractStyle(page.styles),
    answers: dehydrate(server.queryClient),
  };
}
