import { messages, SESSION_REVOKED_ERROR, type Envelope } from '@swapstuff/contracts';
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

export interface RequestOptions {
  /** do not show the generic error toast; the caller shows its own message (a dialog, a form error) */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

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

async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const send = async (): Promise<{ status: number; envelope: Envelope<T> | null; xsrf: string | null }> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...xsrfHeader(), ...options.headers };
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: options.signal,
    });
    const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
    return { status: response.status, envelope, xsrf: headers[XSRF_HEADER] ?? null };
  };

  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await send();
    // A refusal sets a fresh XSRF cookie when the browser had lost it (cleared cookies, an older tab):
    // one more try with it, so that the user never sees that.
    const refused = answer.status === 403 && answer.envelope?.Description === messages.csrfRefused;
    if (refused && readCookie(XSRF_COOKIE) !== answer.xsrf) answer = await send();
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    if (!options.silent) toast.error(messages.genericError);
    throw new ApiError(0, null);
  }

  return settle(answer.status, answer.envelope, options).Content;
}

/** Every answer goes through here: a 401 "407" ends the session; anything but Success is an ApiError. */
function settle<T>(status: number, envelope: Envelope<T> | null, options: RequestOptions): Envelope<T> {
  if (status === 401 && envelope?.error === SESSION_REVOKED_ERROR) {
    useSession.getState().setClearSession(true);
    bus.emit('session:ended', {});
  }
  if (status < 200 || status > 299 || !envelope || envelope.Success !== true) {
    const error = new ApiError(status, envelope);
    if (!options.silent) toast.error(error.message);
    throw error;
  }
  return envelope;
}

/**
 * A multipart POST that reports upload progress (0–1), which fetch cannot: the listing form's photos
 * and videos. The same XSRF and 401 "407" handling as every other call; it resolves the whole envelope
 * because the upload's result dialog shows the server's Description (spec section 8).
 */
function upload<T>(
  path: string,
  form: FormData,
  options: RequestOptions & { onProgress?: (share: number) => void } = {},
): Promise<Envelope<T>> {
  return new Promise<Envelope<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries({ ...xsrfHeader(), ...options.headers })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => {
      if (!options.silent) toast.error(messages.genericError);
      reject(new ApiError(0, null));
    };
    xhr.onload = () => {
      let envelope: Envelope<T> | null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        envelope = null;
      }
      try {
        resolve(settle(xhr.status, envelope, options));
      } catch (error) {
        reject(error as ApiError);
      }
    };
    options.signal?.addEventListener('abort', () => {
      xhr.abort();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    });
    xhr.send(form);
  });
}

/** The one api client of every front end: unwraps the envelope and returns Content. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
  upload,
};
