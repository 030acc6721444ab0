import { Router, type Request, type Response } from 'express';
import { messages, type ProductContent, type ProductPage } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, fieldError, ok } from '../../http';
import { parse } from '../validation';
import { authOf, optionalAuth, requireAuth, viewerOf } from '../auth';
import { listingUpload, uploadedFiles } from './upload';
import {
  deleteManySchema,
  listingSchema,
  myProductsSchema,
  type MyProductsQuery,
  type ValidListingBody,
} from './schemas';
import * as products from './service';

/** Spec section 7, Listings: upload, edit, delete, detail and the owner's own listings. */
export function productsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const requireUser = requireAuth(deps.db);
  const upload = listingUpload(deps.dataDir);

  // One form, two doors: with a productId it edits (spec section 4, edit mode), without one it adds.
  const save = (mustEdit: boolean) => async (req: Request, res: Response) => {
    const body = parse<ValidListingBody>(listingSchema, req.body);
    const userId = authOf(res).user.id;
    const files = uploadedFiles(req);
    if (body.productId) {
      const product = await products.update(deps, userId, body.productId, body, files);
      ok<ProductContent>(res, { product }, messages.productUpdated);
      return;
    }
    if (mustEdit) throw fieldError({ productId: messages.productNotFound });
    const product = await products.create(deps, userId, body, files);
    created<ProductContent>(res, { product }, messages.productUploaded);
  };
  router.post(['/api/insert/product', '/api/v2/insert/product'], requireUser, upload, save(false));
  router.post(
    ['/api/update/product', '/api/v2/update/product', '/api/web/update/product', '/api/v2/web/update/product'],
    requireUser,
    upload,
    save(true),
  );

  router.get('/api/edit/product/:id', requireUser, async (req, res) => {
    const product = await products.forEdit(deps, authOf(res).user.id, products.productIdParam(req.params.id));
    ok<ProductContent>(res, { product });
  });

  router.get('/api/delete/product/:id', requireUser, async (req, res) => {
    await products.remove(deps, authOf(res).user.id, [products.productIdParam(req.params.id)]);
    ok(res, null, messages.productDeleted);
  });

  router.delete('/api/delete/products', requireUser, async (req, res) => {
    const { productIds } = parse<{ productIds: number[] }>(deleteManySchema, req.body);
    await products.remove(deps, authOf(res).user.id, [...new Set(productIds)]);
    ok(res, null, messages.productsDeleted);
  });

  router.get(
    ['/api/productdetail/:id', '/api/productdetailv2/:id', '/api/public/product/:id'],
    optionalAuth(deps.db),
    async (req, res) => {
      const product = await products.detail(deps, viewerOf(res), products.productIdParam(req.params.id));
      ok<ProductContent>(res, { product });
    },
  );

  router.post('/api/webmyproducts', requireUser, async (req, res) => {
    const query = parse<MyProductsQuery>(myProductsSchema, req.body);
    ok<ProductPage>(res, await products.mine(deps, authOf(res).user.id, query));
  });
  router.get('/api/myproducts', requireUser, async (req, res) => {
    const query = parse<MyProductsQuery>(myProductsSchema, req.query);
    ok<ProductPage>(res, await products.mine(deps, authOf(res).user.id, query));
  });

  return router;
}
