import {
  endpointRequest,
  messages,
  SESSION_REVOKED_ERROR,
  type AnyEndpoint,
  type ContentOf,
  type Envelope,
  type InputOf,
} from '@swapstuff/contracts';
import { toast, bus } from './bus';
import { useSession } from './store';

/** An api answer with Success false (or a transport failure), carrying what the user should read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope | null,
  ) {
    super(envelope?.Description || messages.genericError);
  }
  /** field → message when the api refused the input (400) */
  get fieldErrors(): Record<string, string> {
    const content = this.envelope?.Content as { errors?: Record<string, string> } | null;
    return content?.errors ?? {};
  }
}

export interface CallOptions {
  /**
   * Also show the error as a toast. Off by default: the caller shows its own error state (a Retry, a
   * form's field errors, a dialog), and a toast would say it twice.
   */
  toastOnError?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** multipart endpoints: the share of the body sent so far (0–1) */
  onProgress?: (share: number) => void;
}

/** An endpoint's input, then options: the input may be left out when every key of it is optional. */
export type EndpointArgs<E, Options> =
  Record<never, never> extends InputOf<E>
    ? [input?: InputOf<E>, options?: Options]
    : [input: InputOf<E>, options?: Options];

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * The gateway wants the XSRF cookie echoed on every api call of a signed-in browser, reads included: the
 * spec's api changes state on GETs too.
 */
function xsrfHeader(): Record<string, string> {
  const xsrf = readCookie(XSRF_COOKIE);
  return xsrf ? { [XSRF_HEADER]: xsrf } : {};
}

/** A multipart form as the api reads it: a list is `name[0]`, `name[1]` …; a file keeps its name. */
function formDataOf(fields: [string, unknown][]): FormData {
  const form = new FormData();
  const append = (name: string, value: unknown) => {
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : undefined);
    else form.append(name, String(value));
  };
  for (const [name, value] of fields) {
    if (Array.isArray(value)) value.forEach((item, i) => append(`${name}[${i}]`, item));
    else append(name, value);
  }
  return form;
}

interface Answer {
  status: number;
  envelope: Envelope | null;
  /** the XSRF token the request carried */
  xsrf: string | null;
}

const parse = (text: string): Envelope | null => {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return null;
  }
};

async function sendByFetch(
  method: string,
  url: string,
  body: string | undefined,
  options: CallOptions,
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...xsrfHeader(), ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, credentials: 'same-origin', body, signal: options.signal });
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  return { status: response.status, envelope, xsrf: headers[XSRF_HEADER] ?? null };
}

/** Multipart bodies go by XMLHttpRequest: it reports upload progress, which fetch cannot. */
function sendByXhr(method: string, url: string, body: FormData | undefined, options: CallOptions): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const headers: Record<string, string> = { Accept: 'application/json', ...xsrfHeader(), ...options.headers };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new TypeError('The upload failed'));
    xhr.onload = () =>
      resolve({ status: xhr.status, envelope: parse(xhr.responseText), xsrf: headers[XSRF_HEADER] ?? null });
    options.signal?.addEventListener('abort', () => {
      xhr.abort();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    });
    xhr.send(body);
  });
}

/** A failure the caller handles; the toast only when it asked for one. */
function fail(error: ApiError, options: CallOptions): never {
  if (options.toastOnError) toast.error(error.message);
  throw error;
}

/** Every answer goes through here: a 401 "407" ends the session; anything but Success is an ApiError. */
function settle(answer: Answer, options: CallOptions): Envelope {
  const { status, envelope } = answer;
  if (status === 401 && envelope?.error === SESSION_REVOKED_ERROR) {
    useSession.getState().setClearSession(true);
    bus.emit('session:ended', {});
  }
  if (status < 200 || status > 299 || !envelope || envelope.Success !== true)
    fail(new ApiError(status, envelope), options);
  return envelope;
}

async function exchange(endpoint: AnyEndpoint, input: object = {}, options: CallOptions = {}): Promise<Envelope> {
  const { url, json, fields } = endpointRequest(endpoint, input);
  const body = fields ? formDataOf(fields) : json;
  const send = () =>
    body instanceof FormData
      ? sendByXhr(endpoint.method, url, body, options)
      : sendByFetch(endpoint.method, url, body, options);
  let answer: Answer;
  try {
    answer = await send();
    // A refusal sets a fresh XSRF cookie when the browser had lost it (cleared cookies, an older tab):
    // one more try with it, so that the user never sees that.
    const refused = answer.status === 403 && answer.envelope?.Description === messages.csrfRefused;
    if (refused && readCookie(XSRF_COOKIE) !== answer.xsrf) answer = await send();
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    fail(new ApiError(0, null), options);
  }
  return settle(answer, options);
}

/**
 * The one api client of every front end, typed by the endpoint table (contracts/src/endpoints.ts):
 * `api.call(endpoints.search, body)` takes the endpoint's input and resolves its Content.
 */
export const api = {
  call<E extends AnyEndpoint>(endpoint: E, ...[input, options]: EndpointArgs<E, CallOptions>): Promise<ContentOf<E>> {
    return exchange(endpoint, input ?? {}, options).then((envelope) => envelope.Content as ContentOf<E>);
  },
  /**
   * A call to a multipart endpoint that resolves the whole envelope: the upload's result dialog shows the
   * server's Description (spec section 8). Progress comes through `onProgress`.
   */
  upload<E extends AnyEndpoint>(
    endpoint: E,
    ...[input, options]: EndpointArgs<E, CallOptions>
  ): Promise<Envelope<ContentOf<E>>> {
    return exchange(endpoint, input ?? {}, options) as Promise<Envelope<ContentOf<E>>>;
  },
};
