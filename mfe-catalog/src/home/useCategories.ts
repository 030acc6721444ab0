import { useCallback, useEffect, useState } from 'react';
import type { Category, HomeContent } from '@swapstuff/contracts';
import { api } from '@swapstuff/sdk';

export type CategoriesState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; categories: Category[] };

/** GET /api/home → the top-level categories; `reload` is the error state's Retry. */
export function useCategories(): CategoriesState & { reload: () => void } {
  const [state, setState] = useState<CategoriesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      // silent: the page shows its own error panel, a toast on top would say it twice
      .get<HomeContent>('/api/home', { silent: true, signal: controller.signal })
      .then(({ categories }) => setState({ status: 'ready', categories }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setState({ status: 'error', message: error.message });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
