import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api';
import { messages } from '@swapstuff/contracts';

export type DataState<T> =
  { status: 'loading' } | { status: 'error'; message: string; notFound: boolean } | { status: 'ready'; data: T };

export type ApiData<T> = DataState<T> & {
  /** the error state's Retry, or a refresh after a change */
  reload(): void;
  /** changes the loaded data in place (a like, a deleted card) without asking the api again */
  update(change: (data: T) => T): void;
};

/**
 * What a page loads from the api, as loading, error or ready. `load` is called again whenever `key`
 * changes (the page's filters, written as a string) and on `reload`; an answer that arrives after the key
 * changed is dropped. Calls are silent: the page shows its own error state, a toast would say it twice.
 */
export function useApiData<T>(load: (signal: AbortSignal) => Promise<T>, key: string): ApiData<T> {
  const [state, setState] = useState<DataState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        const notFound = error instanceof ApiError && error.status === 404;
        setState({ status: 'error', message: error.message || messages.genericError, notFound });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is a closure over what `key` names
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current)),
    [],
  );
  return { ...state, reload, update };
}
