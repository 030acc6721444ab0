import { messages } from './messages';
import type { FormRules } from './rules';

/**
 * Issue 15: blocking and reporting users, and deleting one's own account (docs/decisions.md, "Blocking and
 * reporting users" and "Deleting an account"). The spec gives the delete form's rule (password and reason
 * required) and the report's (spec section 5, Report); the other messages are ours.
 */
export const safetyMessages = {
  blocked: 'User blocked. You will no longer see each other’s listings.',
  unblocked: 'User unblocked',
  cannotBlockSelf: 'You cannot block yourself',
  cannotReportSelf: 'You cannot report yourself',
  /** an offer, a question, a purchase or a message between two users when either has blocked the other */
  blockedBetween: 'You can’t contact this user.',
  userReported: 'Thank you. Our team will review this user.',
  userAlreadyReported: 'You have already reported this user',
  deleteReasonRequired: 'Please choose a reason',
  deleteInFlight: 'You have swaps or orders in progress. Finish them before deleting your account.',
  canDelete: 'Your account can be deleted',
  accountDeleted: 'Your account has been deleted',
  /** followed by the reason support gave */
  accountSuspended: 'Your account is suspended by Swapstuff support.',
} as const;

/** How others see a deleted account wherever its past still shows (orders, reviews, questions). */
export const DELETED_USER_NAME = { first_name: 'Deleted', last_name: 'user' } as const;

/** `/api/reasons/2`: why a user is reported; its last reason (Other) needs ≥ 10 characters. */
export const USER_REPORT_REASONS_ID = '2';

/** Spec section 5, Delete account: password and reason required. */
export const deleteAccountRules: FormRules = {
  reasonId: {
    required: true,
    requiredMessage: safetyMessages.deleteReasonRequired,
    number: { message: safetyMessages.deleteReasonRequired, min: 1 },
  },
  password: { required: true, requiredMessage: messages.passwordRequired },
};

export interface DeleteAccountBody {
  reasonId: number | string;
  password: string;
}

/** What still holds the account: each must end before it can be deleted. */
export interface InFlight {
  /** offers pending or accepted, and swaps whose parcels are still travelling */
  swaps: number;
  /** orders of the user's listings not completed yet */
  sales: number;
  /** the user's purchases not completed yet */
  purchases: number;
}

/** `/api/deleterequest`: whether the account can be deleted now, and what holds it if not. */
export interface DeletionCheck {
  canDelete: boolean;
  inFlight: InFlight;
}

export interface BlockedUser {
  id: number;
  first_name: string | null;
  last_name: string | null;
  businessName: string | null;
  is_business: 0 | 1;
  avatar: string | null;
  blocked_at: string;
}

export interface BlockState {
  userId: number;
  /** the caller blocks this user */
  blocked: boolean;
}

export interface UserReportBody {
  userId: number | string;
  reasonId: number | string;
  reason?: string | null;
}
