import { useState, type ReactNode } from 'react';
import { createQueryClient, QueryProvider } from '@swapstuff/sdk/query';

/** A fresh QueryClient for each render (`render(ui, { wrapper: TestQueryProvider })`): no test sees another's cache. */
export function TestQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryProvider client={client}>{children}</QueryProvider>;
}
