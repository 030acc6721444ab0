import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from '@swapstuff/sdk';
import { PageNotFound } from '@swapstuff/sdk/ui';
import { HomePage } from './home/HomePage';
import { SearchPage } from './search/SearchPage';
import { ItemDetailPage } from './item-detail/ItemDetailPage';
import { MyListingsPage } from './my-listings/MyListingsPage';
import { MyLikesPage } from './my-likes/MyLikesPage';

/** mfe_catalog's subtree (relative to "/"): home, search, item detail, my listings, my likes. */
export default function CatalogApp() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="home" element={<HomePage />} />
      <Route path="search" element={<SearchPage />} />
      <Route path="search/:categoryId" element={<SearchPage />} />
      <Route path="search/:categoryId/:keyword" element={<SearchPage />} />
      <Route path="item-detail/:id" element={<ItemDetailPage />} />
      <Route
        path="my-listings"
        element={
          <RequireAuth>
            <MyListingsPage />
          </RequireAuth>
        }
      />
      <Route
        path="my-likes"
        element={
          <RequireAuth>
            <MyLikesPage />
          </RequireAuth>
        }
      />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
