import { ListingStatus } from './status';
import {
  canChangeListing,
  categoryLabel,
  listingBadge,
  listingPlace,
  listingPrice,
  listingPriceInFull,
  sellerName,
} from './listing';

const person = { first_name: 'Ada', last_name: 'lovelace', is_business: 0 as const, businessName: null };

describe('how a listing reads', () => {
  it('names the seller by first name and last initial, a business by its name', () => {
    expect(sellerName(person)).toBe('Ada L.');
    expect(sellerName({ ...person, last_name: '' })).toBe('Ada');
    expect(sellerName({ ...person, is_business: 1, businessName: 'Acme Outlet' })).toBe('Acme Outlet');
    // a deleted account reads whole, never "Deleted U."
    expect(sellerName({ ...person, first_name: 'Deleted', last_name: 'user', is_business: 1 })).toBe('Deleted user');
  });

  it('labels the category by how the listing is sold', () => {
    const category = { id: 3, name: 'Phones', parent_id: 1 };
    expect(categoryLabel({ is_buyable: 1, category })).toBe('Category: Phones');
    expect(categoryLabel({ is_buyable: 0, category })).toBe('Swap Category: Phones');
  });

  it('shows the price compact and the place as city, state', () => {
    expect(listingPrice({ sales_price: '250.50' })).toBe('$250.50');
    expect(listingPrice({ sales_price: '1500.00' })).toBe('$1.5K');
    expect(listingPrice({ sales_price: '999999.00' })).toBe('$1M');
    expect(listingPriceInFull({ sales_price: '1450.00' })).toBe('$1,450.00');
    expect(listingPlace({ city: 'Austin', state: 'TX' })).toBe('Austin, TX');
    expect(listingPlace({ city: '', state: 'TX' })).toBe('TX');
  });

  it('reads a swapped buyable listing as Sold and an active one as nothing', () => {
    expect(listingBadge({ status: ListingStatus.Swapped, is_buyable: 1 })).toBe('Sold');
    expect(listingBadge({ status: ListingStatus.Swapped, is_buyable: 0 })).toBe('Swapped');
    expect(listingBadge({ status: ListingStatus.InTrade, is_buyable: 0 })).toBe('In Trade');
    expect(listingBadge({ status: ListingStatus.Active, is_buyable: 1 })).toBeNull();
  });

  it('lets only the owner change a listing, and only while Active', () => {
    const mine = { status: ListingStatus.Active, user: { id: 7 } };
    expect(canChangeListing(mine, 7)).toBe(true);
    expect(canChangeListing(mine, 8)).toBe(false);
    expect(canChangeListing(mine, null)).toBe(false);
    expect(canChangeListing({ ...mine, status: ListingStatus.InTrade }, 7)).toBe(false);
  });
});
