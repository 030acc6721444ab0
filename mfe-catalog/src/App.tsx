import { DeclaredRoutes } from '@swapstuff/sdk/ui';
import { HomePage } from './home/HomePage';
import { SearchPage } from './search/SearchPage';
import { ItemDetailPage } from './item-detail/ItemDetailPage';
import { MyListingsPage } from './my-listings/MyListingsPage';
import { MyLikesPage } from './my-likes/MyLikesPage';
import pages from './pages.json';

/** mfe_catalog's pages (home, search, item detail, my listings, my likes) at the paths pages.json declares. */
export default function CatalogApp() {
  return (
    <DeclaredRoutes
      pages={pages}
      elements={{
        home: <HomePage />,
        search: <SearchPage />,
        itemDetail: <ItemDetailPage />,
        myListings: <MyListingsPage />,
        myLikes: <MyLikesPage />,
      }}
    />
  );
}
