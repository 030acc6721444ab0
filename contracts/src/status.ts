/** Status codes and their labels (spec section 4). */

export const ListingStatus = {
  InTrade: 0,
  Active: 1,
  InProcess: 2,
  Swapped: 3,
  Disputed: 4,
  Deleted: 5,
} as const;
export type ListingStatus = (typeof ListingStatus)[keyof typeof ListingStatus];

export const listingStatusLabel: Record<ListingStatus, string> = {
  0: 'In Trade',
  1: 'Active',
  2: 'In Process',
  3: 'Swapped',
  4: 'Disputed',
  5: 'Deleted',
};

/** A swapped listing that was buyable reads Sold. */
export function listingLabel(status: ListingStatus, isBuyable: 0 | 1): string {
  return status === ListingStatus.Swapped && isBuyable !== 0 ? 'Sold' : listingStatusLabel[status];
}

export const OrderSwapStatus = { Pending: '1', Delivered: '5', Disputed: '6', Completed: '9' } as const;
export type OrderSwapStatus = (typeof OrderSwapStatus)[keyof typeof OrderSwapStatus];
export const orderSwapStatusLabel: Record<OrderSwapStatus, string> = {
  '1': 'Pending',
  '5': 'Delivered',
  '6': 'Disputed',
  '9': 'Completed',
};

export const OfferStatus = {
  Pending: 0,
  Accepted: 1,
  Rejected: 2,
  Completed: 3,
  Abandoned: 4,
  Canceled: 5,
} as const;
export type OfferStatus = (typeof OfferStatus)[keyof typeof OfferStatus];

export const ShipmentStatus = ['PRE_TRANSIT', 'TRANSIT', 'DELIVERED', 'RETURNED', 'FAILURE', 'UNKNOWN'] as const;
export type ShipmentStatus = (typeof ShipmentStatus)[number];

export const ProductConditions = ['New', 'Used', 'Re-furbished'] as const;
export type ProductCondition = (typeof ProductConditions)[number];

export const UserRoles = ['user', 'support', 'admin'] as const;
export type UserRole = (typeof UserRoles)[number];
