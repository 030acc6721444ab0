import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { PageDeclaration } from '@swapstuff/contracts';
import { RequireAuth } from '@swapstuff/sdk';
import { PageNotFound } from './PageNotFound';

export interface DeclaredRoutesProps<Page extends string> {
  /** the remote's src/pages.json, the declaration its manifest publishes to the shell */
  pages: Record<Page, PageDeclaration>;
  /** what each declared page renders: every page of the declaration, and no other */
  elements: Record<NoInfer<Page>, ReactNode>;
}

/**
 * A remote's routes, rendered from the declaration the shell routes by, so the two cannot disagree.
 * A page that needs login is guarded here too, for the remote's standalone page (in the site the shell
 * has sent a visitor to log in before the remote loads).
 */
export function DeclaredRoutes<Page extends string>({ pages, elements }: DeclaredRoutesProps<Page>) {
  return (
    <Routes>
      {(Object.entries(pages) as [Page, PageDeclaration][]).flatMap(([name, { paths, needsLogin }]) =>
        paths.map((path) => (
          <Route
            key={path}
            path={path}
            element={needsLogin ? <RequireAuth>{elements[name]}</RequireAuth> : elements[name]}
          />
        )),
      )}
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
