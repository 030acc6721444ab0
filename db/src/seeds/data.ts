/** The category tree the site starts with. Children reuse their parent's image. */
export interface CategorySeed {
  name: string;
  slug: string;
  children: string[];
}

export const categoryTree: CategorySeed[] = [
  {
    name: 'Electronics',
    slug: 'electronics',
    children: [
      'Phones & Tablets',
      'Computers & Laptops',
      'TV & Audio',
      'Cameras & Photo',
      'Video Game Consoles',
      'Wearables',
    ],
  },
  {
    name: 'Home & Garden',
    slug: 'home-garden',
    children: ['Furniture', 'Kitchen & Dining', 'Home Decor', 'Garden & Patio', 'Appliances'],
  },
  {
    name: 'Fashion',
    slug: 'fashion',
    children: ["Women's Clothing", "Men's Clothing", 'Shoes', 'Bags & Accessories', 'Jewelry & Watches'],
  },
  {
    name: 'Sports & Outdoors',
    slug: 'sports-outdoors',
    children: ['Fitness Equipment', 'Cycling', 'Camping & Hiking', 'Team Sports', 'Water Sports'],
  },
  {
    name: 'Toys & Games',
    slug: 'toys-games',
    children: ['Board Games & Puzzles', 'Building Toys', 'Dolls & Action Figures', 'Outdoor Play'],
  },
  {
    name: 'Books & Media',
    slug: 'books-media',
    children: ['Books', 'Comics & Graphic Novels', 'Movies & TV', 'Music & Vinyl', 'Video Games'],
  },
  {
    name: 'Vehicles & Parts',
    slug: 'vehicles-parts',
    children: ['Car Parts', 'Motorcycle Parts', 'Tires & Wheels', 'Car Electronics'],
  },
  {
    name: 'Collectibles & Art',
    slug: 'collectibles-art',
    children: ['Trading Cards', 'Coins & Stamps', 'Paintings & Prints', 'Antiques', 'Memorabilia'],
  },
  {
    name: 'Baby & Kids',
    slug: 'baby-kids',
    children: ['Strollers & Car Seats', 'Nursery Furniture', 'Baby Clothing', 'Feeding'],
  },
  {
    name: 'Tools & DIY',
    slug: 'tools-diy',
    children: ['Power Tools', 'Hand Tools', 'Building Materials', 'Electrical & Plumbing'],
  },
];

export const deleteAccountReasons: string[] = [
  'I no longer want to swap or sell items',
  'I have privacy concerns',
  'I could not find the items I was looking for',
  'I have another account',
  'Other',
];

/** Turns a child category name into a slug unique across the tree (parent slug as a prefix). */
export function childSlug(parentSlug: string, name: string): string {
  const own = name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${parentSlug}--${own}`;
}
