import { lazy, Suspense } from 'react';
import { DeclaredRoutes } from '@swapstuff/sdk/ui';
import { HomePage } from './home/HomePage';
import pages from './pages.json';

// Home is the landing page and comes with the remote; each other page (and the antd components only it
// uses: forms, selects, pagination, previews) loads when it is opened. The shell's main area keeps a
// screen's height meanwhile, so nothing below moves (e2e/tests/cls.spec.ts).
const SearchPage = lazy(() => import('./search/SearchPage').then((m) => ({ default: m.SearchPage })));
const ItemDetailPage = lazy(() => import('./item-detail/ItemDetailPage').then((m) => ({ default: m.ItemDetailPage })));
const MyListingsPage = lazy(() => import('./my-listings/MyListingsPage').then((m) => ({ default: m.MyListingsPage })));
const MyLikesPage = lazy(() => import('./my-likes/MyLikesPage').then((m) => ({ default: m.MyLikesPage })));
const UserProfilePage = lazy(() =>
  import('./user-profile/UserProfilePage').then((m) => ({ default: m.UserProfilePage })),
);

/** mfe_catalog's pages (home, search, item detail, a user's profile, my listings, my likes) at the paths pages.json declares. */
export default function CatalogApp() {
  return (
    <Suspense fallback={null}>
      <DeclaredRoutes
        pages={pages}
        elements={{
          home: <HomePage />,
          search: <SearchPage />,
          itemDetail: <ItemDetailPage />,
          userProfile: <UserProfilePage />,
          myListings: <MyListingsPage />,
          myLikes: <MyLikesPage />,
        }}
      />
    </Suspense>
  );
}
