import { ListingStatus, type Order } from '@swapstuff/contracts';

/** An order as the api answers it, for the tests: a seller's buy-now order, pending, nothing to do. */
export function testOrder(over: Partial<Order> = {}): Order {
  return {
    id: 41,
    kind: 'buynow',
    product_detail: {
      id: 5,
      title: 'Walnut desk',
      sales_price: '1450.00',
      featured_image: { file_name: 'https://cdn.test/desk.jpg' },
      is_buyable: 1,
      status: ListingStatus.InProcess,
    },
    our_product: null,
    swap_status: '1',
    role: 'seller',
    buyer: { id: 8, first_name: 'Grace', last_name: 'Hopper', avatar: null, is_business: 0 },
    seller: { id: 7, first_name: 'Ada', last_name: 'Lovelace', avatar: null, is_business: 0 },
    order_created_date: '2026-11-23T15:49:00.000Z',
    time_remaining: null,
    inspection_ends_at: null,
    shipping_update_count: 0,
    is_platform: 1,
    manual_ship_check_count: 0,
    user_rate_count: 0,
    create_dispute: 0,
    dispute_count: 0,
    action_required: 0,
    admin_message: null,
    remediation_link: null,
    note: null,
    amounts: { item: '1450.00', shipping: '12.50', fee: '43.50', discount: '0.00', total: '1506.00' },
    courier: null,
    tracking: null,
    label_url: null,
    delivery_address: '350 Fifth Avenue, New York, NY 10118',
    ...over,
  };
}

/**
 * A swap's leg the viewer receives (issue 14): the desk comes to them from Ada, they give the brass lamp;
 * pending, sent with a platform label, no money on it.
 */
export function testSwapLeg(over: Partial<Order> = {}): Order {
  const base = testOrder();
  return testOrder({
    kind: 'swap',
    role: 'buyer',
    our_product: { ...base.product_detail, id: 9, title: 'Brass lamp', sales_price: '0.00' },
    amounts: { item: '0.00', shipping: '0.00', fee: '0.00', discount: '0.00', total: '0.00' },
    ...over,
  });
}
