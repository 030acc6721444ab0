import { endpoints, messages, type ProductContent, type ProductPage } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, fieldError, ok } from '../../http';
import { authOf, viewerOf } from '../auth';
import type { ApiRouter, Call } from '../router';
import { LISTING_FORM, multipartUpload, uploadedFiles } from '../media';
import {
  deleteManySchema,
  listingSchema,
  myProductsSchema,
  sellerListingsSchema,
  type MyProductsQuery,
  type ValidListingBody,
} from './schemas';
import * as products from './service';

/** Spec section 7, Listings: upload, edit, delete, detail and the owner's own listings. */
export function productsRoutes(deps: ApiDeps, api: ApiRouter): void {
  // the multipart form is read (and its files checked as they stream) before the fields are
  const upload = { schema: listingSchema, before: [multipartUpload(deps.dataDir, LISTING_FORM)] };

  // One form, two doors: with a productId it edits (spec section 4, edit mode), without one it adds.
  const save =
    (mustEdit: boolean) =>
    async ({ input, req, res }: Call<ValidListingBody>) => {
      const userId = authOf(res).user.id;
      const files = uploadedFiles(req);
      if (input.productId) {
        const product = await products.update(deps, userId, input.productId, input, files);
        ok<ProductContent>(res, { product }, messages.productUpdated);
        return;
      }
      if (mustEdit) throw fieldError({ productId: messages.productNotFound });
      const product = await products.create(deps, userId, input, files);
      created<ProductContent>(res, { product }, messages.productUploaded);
    };
  api.handle(endpoints.uploadListing, upload, save(false));
  api.handle(endpoints.updateListing, upload, save(true));

  api.handle(endpoints.listingForEdit, {}, async ({ req, res }) => {
    const product = await products.forEdit(deps, authOf(res).user.id, products.productIdParam(req.params.id));
    ok<ProductContent>(res, { product });
  });

  api.handle(endpoints.deleteListing, {}, async ({ req, res }) => {
    await products.remove(deps, authOf(res).user.id, [products.productIdParam(req.params.id)]);
    ok(res, null, messages.productDeleted);
  });

  api.handle<{ productIds: number[] }>(
    endpoints.deleteListings,
    { schema: deleteManySchema },
    async ({ input, res }) => {
      await products.remove(deps, authOf(res).user.id, [...new Set(input.productIds)]);
      ok(res, null, messages.productsDeleted);
    },
  );

  api.handle(endpoints.product, {}, async ({ req, res }) => {
    const product = await products.detail(deps, viewerOf(res), products.productIdParam(req.params.id));
    ok<ProductContent>(res, { product });
  });

  const mine = async ({ input, res }: Call<MyProductsQuery>) => {
    ok<ProductPage>(res, await products.mine(deps, authOf(res).user.id, input));
  };
  api.handle(endpoints.myListings, { schema: myProductsSchema }, mine);
  api.handle<{ userId: number; pageNumber: number; perPage: number }>(
    endpoints.sellerListings,
    { schema: sellerListingsSchema },
    async ({ input, res }) => {
      ok<ProductPage>(res, await products.ofSeller(deps, viewerOf(res), input));
    },
  );
  api.handle(endpoints.myListingsByQuery, { schema: myProductsSchema }, mine);
}
