/** Wire types of the api (spec sections 3 and 7). */

/** Every response, errors included. `error` is present only on the 401 of a revoked session ("407"). */
export interface Envelope<T = unknown> {
  Success: boolean;
  Description: string;
  Content: T;
  error?: string;
}

/** Validation failures carry field → message in Content.errors. */
export interface ValidationContent {
  errors: Record<string, string>;
}

export interface User {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  phone_no: string | null;
  avatar: string | null;
  customer_id: string | null;
  is_business: 0 | 1;
  role: 'user' | 'support' | 'admin';
  businessName?: string | null;
  businessUsername?: string | null;
  businessEINNumber?: string | null;
  businessEmail?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

/** Content of a sign-in on the api. Through the gateway the token is kept in the session and removed. */
export interface LoginContent {
  token?: string;
  user: User;
}

export interface Category {
  id: number;
  name: string;
  image: string;
  parent_id: number | null;
}

export interface HomeContent {
  categories: Category[];
}

/** A user's address (spec section 3); featured 1 is the default. Country is always United States. */
export interface Address {
  id: number;
  street_1: string;
  street_2: string | null;
  formatted_street_1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  featured: 0 | 1;
}

/** Content of GET /api/user/address: the default first. */
export interface AddressListContent {
  address: Address[];
}

/** Body of /api/user/edit/address and /api/user/update/address (spec section 7). */
export interface AddressBody {
  addressId?: number | string | null;
  country?: string | null;
  street1: string;
  street2?: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface DeleteReason {
  id: number;
  name: string;
}

export interface RegisterBody {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}

export interface BusinessRegisterBody {
  businessName: string;
  businessUsername: string;
  businessEINNumber?: string;
  businessEmail: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}
