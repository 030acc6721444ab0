import { ListingStatus, type Product } from '@swapstuff/contracts';

/** A listing as the api answers one: Ada Lovelace's Active walnut desk, id 5, unless `changes` say otherwise. */
export function testProduct(changes: Partial<Product> = {}): Product {
  return {
    id: 5,
    title: 'Walnut desk',
    description: 'Solid walnut',
    status: ListingStatus.Active,
    sales_price: '145.00',
    city: 'Austin',
    state: 'Texas',
    zip: '73301',
    likes_count: '0',
    reports_count: 0,
    images: [],
    featured_image: null,
    videos: [],
    user: { id: 2, avatar: null, first_name: 'Ada', last_name: 'Lovelace', is_business: 0, businessName: null },
    category: { id: 1, name: 'Home & Garden', parent_id: null },
    is_buyable: 1,
    condition: 'Used',
    address_id: 7,
    swap_product: null,
    swap_category_ids: [],
    open_for_offer: 1,
    productdimention: { length: 40, width: 20, height: 30, pounds: 30, ounces: 0, sizeUnit: 'inches' },
    questions_count: 0,
    created_at: '2026-11-23T15:49:00.000Z',
    ...changes,
  };
}
