// `@swapstuff/sdk/query`: TanStack Query over the endpoint table, a federation singleton of its own. It is
// loaded with the content (the shell's AntdRoot provides it), never with the shell's frame, and reaches
// the core by package name (`@swapstuff/sdk`), so the page keeps one api client and one bus.
import type { ReactNode } from 'react';
import {
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  endpoints,
  type AddressListContent,
  type AnyEndpoint,
  type ContentOf,
  type EndpointName,
  type InputOf,
} from '@swapstuff/contracts';
import { api, ApiError, useSession, type EndpointArgs } from '@swapstuff/sdk';

const names = new Map(
  Object.entries(endpoints).map(([name, endpoint]) => [`${endpoint.method} ${endpoint.path}`, name as EndpointName]),
);

/** The endpoint's name in the table (contracts/src/endpoints.ts): what its queries are keyed by. */
export function endpointName(endpoint: AnyEndpoint): EndpointName {
  const name = names.get(`${endpoint.method} ${endpoint.path}`);
  if (!name) throw new Error(`${endpoint.method} ${endpoint.path} is not in the endpoint table`);
  return name;
}

/**
 * A query's key: the endpoint's name, then its input (`['search', { keyword: 'bike' }]`). Every remote
 * names the same data the same way, so a change made in one refreshes what another shows.
 */
export function endpointKey(endpoint: AnyEndpoint, input: unknown = {}): QueryKey {
  return [endpointName(endpoint), input];
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failed load shows its error and Retry at once, as the pages always did (the api client already
      // tries again when it had lost its XSRF token). Data is stale at once, so a page shown again asks
      // again, showing what it had meanwhile; what the user changes is refreshed by invalidation.
      queries: { retry: false },
    },
  });
}

/** The page's one QueryClient: this module is a singleton, so the shell and every remote share its cache. */
export const queryClient = createQueryClient();

// The session store keeps the default address (spec section 3): whatever changes the address book in the
// cache (a load, an edit, Make Default, Delete, in any remote) changes it there too.
queryClient.getQueryCache().subscribe((event) => {
  const [name] = event.query.queryKey;
  const book = event.query.state.data as AddressListContent | undefined;
  if (event.type === 'updated' && name === endpointName(endpoints.addresses) && book) {
    useSession.getState().setAddressBook(book);
  }
});

/** Gives what renders inside it the page's QueryClient (a test passes a fresh one). */
export function QueryProvider({ client = queryClient, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** What a component gets to show a query's loading, error and data. */
export type ApiQuery<Data> = UseQueryResult<Data, ApiError>;

export interface EndpointQueryOptions<Content, Data> {
  /** false: not asked (yet); the query stays pending */
  enabled?: boolean;
  /** what of the Content the caller wants (`(content) => content.product`) */
  select?: (content: Content) => Data;
  /** how long an answer counts as fresh (ms); 0 by default */
  staleTime?: number;
}

/** Loads an endpoint's Content (typed by the table) under its key; errors are ApiErrors, never toasted. */
export function useEndpointQuery<E extends AnyEndpoint, Data = ContentOf<E>>(
  endpoint: E,
  ...[input, options]: EndpointArgs<E, EndpointQueryOptions<ContentOf<E>, Data>>
): ApiQuery<Data> {
  return useQuery<ContentOf<E>, ApiError, Data>({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => api.call(endpoint, ...([input, { signal }] as EndpointArgs<E, { signal: AbortSignal }>)),
    ...options,
  });
}

export interface ApiMutationOptions<Data, Variables> {
  mutationFn: (variables: Variables) => Promise<Data>;
  /** the endpoints whose queries show what this changes: every one of their queries is asked again */
  invalidates?: readonly AnyEndpoint[];
  onSuccess?: (data: Data, variables: Variables) => void;
}

/**
 * A change through the api. After it, the queries of `invalidates` are asked again wherever they show,
 * in any remote. So they are after a refusal that says the page was stale: what it acted on is gone
 * (404) or was changed meanwhile (409).
 */
export function useApiMutation<Data, Variables>({
  mutationFn,
  invalidates = [],
  onSuccess,
}: ApiMutationOptions<Data, Variables>): UseMutationResult<Data, ApiError, Variables> {
  const client = useQueryClient();
  return useMutation<Data, ApiError, Variables>({
    mutationFn,
    onSuccess,
    onSettled: (_data, error) => {
      const stale = error instanceof ApiError && (error.status === 404 || error.status === 409);
      if (error && !stale) return;
      // the name alone: every query of the endpoint, whatever its input
      for (const endpoint of invalidates) void client.invalidateQueries({ queryKey: [endpointName(endpoint)] });
    },
  });
}

/** `useApiMutation` of one endpoint: `mutateAsync(input)` resolves its Content. */
export function useEndpointMutation<E extends AnyEndpoint>(
  endpoint: E,
  options: Omit<ApiMutationOptions<ContentOf<E>, InputOf<E>>, 'mutationFn'> & { toastOnError?: boolean } = {},
): UseMutationResult<ContentOf<E>, ApiError, InputOf<E>> {
  const { toastOnError, ...rest } = options;
  return useApiMutation({
    mutationFn: (input: InputOf<E>) =>
      api.call(endpoint, ...([input, { toastOnError }] as EndpointArgs<E, { toastOnError?: boolean }>)),
    ...rest,
  });
}
