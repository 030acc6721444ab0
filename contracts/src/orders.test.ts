import fc from 'fast-check';
import {
  applyVote,
  courierFee,
  isRatingStars,
  orderButtons,
  ratingLabel,
  RATING_LABELS,
  sortRates,
  timeRemaining,
  type Order,
  type OrderButtons,
  type Review,
} from './orders';
import { ListingStatus } from './status';

describe('ratingLabel (spec section 5: half steps, a + on whole stars)', () => {
  it.each([
    [0.5, 'Useless'],
    [1, 'Useless+'],
    [1.5, 'Poor'],
    [2, 'Poor+'],
    [2.5, 'Ok'],
    [3, 'Ok+'],
    [3.5, 'Good'],
    [4, 'Good+'],
    [4.5, 'Excellent'],
    [5, 'Excellent+'],
  ])('%s stars read %s', (stars, label) => {
    expect(ratingLabel(stars)).toBe(label);
  });

  it('says nothing at 0 stars', () => {
    expect(ratingLabel(0)).toBe('');
  });

  it('uses the spec’s five words', () => {
    expect(RATING_LABELS).toEqual(['Useless', 'Poor', 'Ok', 'Good', 'Excellent']);
  });
});

describe('isRatingStars', () => {
  it.each([0.5, 1, 2.5, 4.5, 5])('takes %s', (stars) => {
    expect(isRatingStars(stars)).toBe(true);
  });

  it.each([0, -0.5, 0.25, 1.2, 5.5, 6, NaN, Infinity, '4', null, undefined])('refuses %p', (value) => {
    expect(isRatingStars(value)).toBe(false);
  });
});

type Votes = Pick<Review, 'helpful_count' | 'not_helpful_count' | 'voted_helpful' | 'voted_not_helpful'>;
const votes = (helpful_count: number, not_helpful_count: number, voted: 'helpful' | 'not_helpful' | null): Votes => ({
  helpful_count,
  not_helpful_count,
  voted_helpful: voted === 'helpful' ? 1 : 0,
  voted_not_helpful: voted === 'not_helpful' ? 1 : 0,
});

describe('applyVote (spec section 4: optimistic counts; the same vote again removes it)', () => {
  it('a first vote adds to its side', () => {
    expect(applyVote(votes(3, 1, null), 'helpful')).toEqual(votes(4, 1, 'helpful'));
    expect(applyVote(votes(3, 1, null), 'not_helpful')).toEqual(votes(3, 2, 'not_helpful'));
  });

  it('the same vote again takes it back', () => {
    expect(applyVote(votes(4, 1, 'helpful'), 'helpful')).toEqual(votes(3, 1, null));
    expect(applyVote(votes(3, 2, 'not_helpful'), 'not_helpful')).toEqual(votes(3, 1, null));
  });

  it('the other vote moves it across', () => {
    expect(applyVote(votes(4, 1, 'helpful'), 'not_helpful')).toEqual(votes(3, 2, 'not_helpful'));
    expect(applyVote(votes(3, 2, 'not_helpful'), 'helpful')).toEqual(votes(4, 1, 'helpful'));
  });

  it.each<[string, Votes, 'helpful' | 'not_helpful']>([
    ['no vote', votes(3, 1, null), 'helpful'],
    ['no vote', votes(3, 1, null), 'not_helpful'],
    ['a helpful vote', votes(4, 1, 'helpful'), 'helpful'],
    ['a not-helpful vote', votes(3, 2, 'not_helpful'), 'not_helpful'],
  ])('from %s, pressing %s twice comes back to where it started', (_from, start, vote) => {
    expect(applyVote(applyVote(start, vote), vote)).toEqual(start);
  });

  it('never changes the other users’ votes, never leaves two votes nor a negative count', () => {
    const state = fc
      .record({
        others: fc.record({ helpful: fc.nat(1000), notHelpful: fc.nat(1000) }),
        voted: fc.constantFrom('helpful' as const, 'not_helpful' as const, null),
      })
      .map(({ others, voted }) =>
        votes(
          others.helpful + (voted === 'helpful' ? 1 : 0),
          others.notHelpful + (voted === 'not_helpful' ? 1 : 0),
          voted,
        ),
      );
    const othersOf = (v: Votes) => [v.helpful_count - v.voted_helpful, v.not_helpful_count - v.voted_not_helpful];
    fc.assert(
      fc.property(state, fc.array(fc.constantFrom('helpful' as const, 'not_helpful' as const)), (start, presses) => {
        let now = start;
        for (const press of presses) {
          now = applyVote(now, press);
          expect(othersOf(now)).toEqual(othersOf(start));
          expect(now.voted_helpful + now.voted_not_helpful).toBeLessThanOrEqual(1);
          expect(Math.min(now.helpful_count, now.not_helpful_count)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

const order = (over: Partial<Order> = {}): Order => ({
  id: 41,
  kind: 'buynow',
  product_detail: {
    id: 5,
    title: 'Walnut desk',
    sales_price: '250.00',
    featured_image: null,
    is_buyable: 1,
    status: ListingStatus.InProcess,
  },
  our_product: null,
  swap_status: '1',
  role: 'buyer',
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
  amounts: { item: '250.00', shipping: '12.50', fee: '7.50', discount: '0.00', total: '270.00' },
  courier: null,
  tracking: null,
  label_url: null,
  delivery_address: '350 Fifth Avenue, New York, NY 10118',
  ...over,
});

const NONE: OrderButtons = {
  shippingUpdates: false,
  addTrackingInfo: false,
  addRatings: false,
  createDispute: false,
  viewDispute: false,
  addAdditionalInfo: false,
  addBankDetails: false,
  printLabel: false,
  actionRequired: false,
};
const only = (on: Partial<OrderButtons>): OrderButtons => ({ ...NONE, ...on });

describe('orderButtons (spec section 4, "Order card buttons")', () => {
  it('Print Label for the seller of an order with a label, never for its buyer', () => {
    const label_url = 'https://labels.example/x.png';
    expect(orderButtons(order({ role: 'seller', label_url, swap_status: '5' }))).toEqual(only({ printLabel: true }));
    expect(orderButtons(order({ role: 'buyer', label_url }))).toEqual(NONE);
  });

  it('Print Label also for the seller of a pending platform order whose label is still to be bought', () => {
    expect(orderButtons(order({ role: 'seller' }))).toEqual(only({ printLabel: true }));
    expect(orderButtons(order({ role: 'seller', is_platform: 0 })).printLabel).toBe(false);
    expect(orderButtons(order({ role: 'seller', swap_status: '9' })).printLabel).toBe(false);
  });

  it('a platform-shipped pending order needing nothing has no button', () => {
    expect(orderButtons(order())).toEqual(NONE);
  });

  it('Shipping Updates when the update count is 1', () => {
    expect(orderButtons(order({ shipping_update_count: 1 }))).toEqual(only({ shippingUpdates: true }));
  });

  describe('Add Tracking Info: pending, not platform-shipped, no manual check yet (for the seller, who ships)', () => {
    it('is offered then', () => {
      expect(orderButtons(order({ role: 'seller', is_platform: 0 }))).toEqual(only({ addTrackingInfo: true }));
    });
    it.each<[string, Partial<Order>]>([
      ['platform-shipped', { is_platform: 1 }],
      ['tracking already added', { manual_ship_check_count: 1 }],
      ['delivered', { swap_status: '5' }],
      ['completed', { swap_status: '9' }],
      ['to the buyer', { role: 'buyer' }],
    ])('is not when %s', (_why, over) => {
      expect(orderButtons(order({ role: 'seller', is_platform: 0, ...over })).addTrackingInfo).toBe(false);
    });
  });

  describe('Add Ratings: status above 5 and not rated yet', () => {
    it.each([
      ['1', false],
      ['5', false],
      ['6', true],
      ['9', true],
    ] as const)('status %s: %s', (swap_status, shown) => {
      expect(orderButtons(order({ swap_status })).addRatings).toBe(shown);
    });
    it('not once the user rated', () => {
      expect(orderButtons(order({ swap_status: '9', user_rate_count: 1 })).addRatings).toBe(false);
    });
    it('for the buyer and the seller alike', () => {
      expect(orderButtons(order({ swap_status: '9', role: 'seller' })).addRatings).toBe(true);
    });
  });

  describe('Create Dispute or View Dispute', () => {
    it('Create Dispute while one may be opened and none exists', () => {
      expect(orderButtons(order({ create_dispute: 1 }))).toEqual(only({ createDispute: true }));
    });
    it('View Dispute once one exists, never both', () => {
      expect(orderButtons(order({ create_dispute: 1, dispute_count: 1 }))).toEqual(only({ viewDispute: true }));
      expect(orderButtons(order({ create_dispute: 0, dispute_count: 1 }))).toEqual(only({ viewDispute: true }));
    });
  });

  describe('action_required', () => {
    it.each([1, 2])('%s: Add Additional Info and the red border', (action_required) => {
      expect(orderButtons(order({ action_required }))).toEqual(only({ addAdditionalInfo: true, actionRequired: true }));
    });
    it('3: Add Bank Details (instead of Add Additional Info) and the red border', () => {
      expect(orderButtons(order({ action_required: 3 }))).toEqual(only({ addBankDetails: true, actionRequired: true }));
    });
    it('0: neither, no border', () => {
      expect(orderButtons(order({ action_required: 0 }))).toEqual(NONE);
    });
  });

  it('a completed, tracked, disputable order that needs action shows all that apply', () => {
    expect(
      orderButtons(order({ swap_status: '9', shipping_update_count: 1, create_dispute: 1, action_required: 1 })),
    ).toEqual(
      only({
        shippingUpdates: true,
        addRatings: true,
        createDispute: true,
        addAdditionalInfo: true,
        actionRequired: true,
      }),
    );
  });
});

describe('courierFee (spec section 9: amount minus included insurance)', () => {
  it.each([
    [10, 0, 10],
    [10, 2.5, 7.5],
    [19.9, 1.2, 18.7],
    [42.5, 2.5, 40],
    [8.35, 0.1, 8.25],
  ])('%s less %s is %s, to the cent', (amount, included_insurance_price, fee) => {
    expect(courierFee({ amount, included_insurance_price })).toBe(fee);
  });

  it('is never below 0', () => {
    expect(courierFee({ amount: 1, included_insurance_price: 2 })).toBe(0);
  });
});

describe('sortRates (spec section 4: ascending amount)', () => {
  const rates = [
    { object_id: 'ups', amount: 42.5 },
    { object_id: 'usps', amount: 8.35 },
    { object_id: 'fedex', amount: 19.9 },
    { object_id: 'usps-2', amount: 8.35 },
  ];

  it('puts the cheapest first, ties in their order', () => {
    expect(sortRates(rates).map((r) => r.object_id)).toEqual(['usps', 'usps-2', 'fedex', 'ups']);
  });

  it('leaves the list it was given alone', () => {
    const copy = [...rates];
    sortRates(rates);
    expect(rates).toEqual(copy);
  });

  it('an empty list stays empty', () => {
    expect(sortRates([])).toEqual([]);
  });
});

describe('timeRemaining (spec sections 3 and 9: the countdown)', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');

  it('splits what is left into hours, minutes and seconds', () => {
    expect(timeRemaining('2026-11-25T13:02:03.000Z', now)).toEqual({ hours: 1, minutes: 2, seconds: 3 });
  });

  it('counts hours past a day as hours', () => {
    expect(timeRemaining('2026-11-28T12:00:00.000Z', now)).toEqual({ hours: 72, minutes: 0, seconds: 0 });
  });

  it('takes a Date too', () => {
    expect(timeRemaining(new Date(now + 59_000), now)).toEqual({ hours: 0, minutes: 0, seconds: 59 });
  });

  it('drops a part of a second', () => {
    expect(timeRemaining(new Date(now + 1_999), now)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
    expect(timeRemaining(new Date(now + 999), now)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });

  it('stops at 0 once the deadline has passed', () => {
    expect(timeRemaining('2026-11-25T11:00:00.000Z', now)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });

  it('is null without a deadline', () => {
    expect(timeRemaining(null, now)).toBeNull();
  });

  it('reads the clock when not told the time', () => {
    const left = timeRemaining(new Date(Date.now() + 3_600_000));
    expect(left?.hours === 1 || (left?.hours === 0 && left.minutes === 59)).toBe(true);
  });
});
