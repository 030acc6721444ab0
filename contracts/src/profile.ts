import type { Reputation } from './orders';
import { businessRegisterRules, registerRules, type FormRules } from './rules';

/** The profile's own messages (spec: not shown; docs/decisions.md, "Profiles"). */
export const profileMessages = {
  profileUpdated: 'Your profile has been updated',
  userNotFound: 'User not found',
  userIdRequired: 'User id is required',
} as const;

/**
 * Spec section 5, Profile edit: first and last name 2-50, the username as at sign-up, the contact 14-16 as
 * formatted. An individual signs up without a phone, so theirs stays optional (checked when given).
 */
export const profileRules: FormRules = {
  firstName: registerRules.firstName,
  lastName: registerRules.lastName,
  username: registerRules.username,
  phone: { ...businessRegisterRules.phone, required: false },
};

/** A business edits the business name (not a person's) and what it gave at sign-up, by the same rules. */
export const businessProfileRules: FormRules = {
  businessName: businessRegisterRules.businessName,
  businessUsername: businessRegisterRules.businessUsername,
  businessEINNumber: businessRegisterRules.businessEINNumber,
  businessEmail: businessRegisterRules.businessEmail,
  address: businessRegisterRules.address,
  city: businessRegisterRules.city,
  state: businessRegisterRules.state,
  zip: businessRegisterRules.zip,
  phone: businessRegisterRules.phone,
};

export interface ProfileBody {
  firstName?: string;
  lastName?: string;
  username?: string;
  phone?: string;
  businessName?: string;
  businessUsername?: string;
  businessEINNumber?: string;
  businessEmail?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  /** '1' takes the avatar away (a new one is the multipart field `avatar`) */
  removeAvatar?: string;
}

/** What anyone sees of a user: never their e-mail, phone, EIN or address. */
export interface PublicProfile {
  id: number;
  /** as listing cards name a seller (sellerName): "Ada L.", or the business's name */
  name: string;
  username: string;
  avatar: string | null;
  is_business: 0 | 1;
  /** ISO date of sign-up */
  member_since: string;
  stats: ProfileStats;
}

export interface ProfileStats {
  /** Active listings */
  listings: number;
  /** buy-now orders completed as the seller */
  sold: number;
  /** swaps completed, either side */
  swaps: number;
  /** rated by buyers / by sellers, in stars */
  as_seller: Reputation;
  as_buyer: Reputation;
}
