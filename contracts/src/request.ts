import type { AnyEndpoint } from './endpoints';

/** An endpoint's call as it goes over HTTP: the URL, and a JSON body or the fields of a multipart form. */
export interface EndpointRequest {
  url: string;
  /** `input: 'body'`: the JSON text */
  json?: string;
  /** `input: 'multipart'`: each field, for the caller to put in its form (a browser's FormData) */
  fields?: [string, unknown][];
}

const isPresent = (value: unknown) => value !== undefined && value !== null;

/**
 * Where and what to send for an endpoint's input: each `:param` of the path is filled from the input
 * (and leaves it), the rest goes where the table says: the query string, a JSON body or a multipart form.
 * The browser's api client and the gateway's first view (which loads a page's data on the server) both
 * call the api through this.
 */
export function endpointRequest(endpoint: AnyEndpoint, input: object): EndpointRequest {
  const rest: Record<string, unknown> = { ...input };
  const path = endpoint.path.replace(/:(\w+)/g, (_param, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (!isPresent(value) || value === '') throw new Error(`${endpoint.path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
  const fields = Object.entries(rest).filter(([, value]) => isPresent(value));
  switch (endpoint.input) {
    case 'query': {
      const query = fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
      return { url: query.length ? `${path}?${query.join('&')}` : path };
    }
    case 'body':
      return { url: path, json: JSON.stringify(Object.fromEntries(fields)) };
    case 'multipart':
      return { url: path, fields };
    case 'path':
      return { url: path };
  }
}
