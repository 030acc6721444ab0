import type { DisputeView, Order } from './orders';
import type { FeedbackItem } from './feedback';
import type { User } from './types';

/**
 * Issue 34: support staff (docs/decisions.md, "Support staff"). The spec names only the admin api's groups
 * (`/api/admin/…`, the admin's own profile under `/api/admit/…`) and shows no admin screen: these words are ours.
 */
export const StaffRoles = ['admin', 'support'] as const;
export type StaffRole = (typeof StaffRoles)[number];

export const staffMessages = {
  signedIn: 'Signed in. Enter the code from your authenticator app.',
  enrolFirst: 'Signed in. Set up your authenticator app to finish signing in.',
  enrolled: 'Your authenticator app is set up. Keep your recovery codes somewhere safe: each opens your account once.',
  verified: 'Welcome back.',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeWrong: 'That code is not right. Enter the current code from your authenticator app.',
  codeUsed: 'That code has been used already. Wait for the next one.',
  recoveryCodeWrong: 'That recovery code is not right, or has been used already.',
  alreadyEnrolled: 'Your authenticator app is already set up.',
  notEnrolled: 'Set up your authenticator app first.',
  tooManyCodes: 'Too many codes tried. Please try again later.',
  /** a sensitive action (a role or fee change, a large refund, deleting a user) asks for a code of the moment */
  freshCodeRequired: 'Enter a current code from your authenticator app to confirm this.',
  adminOnly: 'Only an admin can do this.',
  roleGranted: 'Role granted.',
  roleRevoked: 'Role removed.',
  factorReset: 'Their authenticator is reset: they set up a new one at their next sign-in.',
  noSuchUser: 'No account uses that e-mail address.',
  lastAdmin: 'Swapstuff needs an admin: make someone else admin first.',
  recoveryCodesRenewed: 'New recovery codes made. The old ones no longer work.',
  disputeMessageSent: 'Sent. Both sides see it on the dispute.',
  disputeInfoAsked: 'Asked. They see your question on their order until they answer it.',
  disputeMessageRequired: 'Write a message',
  disputeResolved: 'Resolved. The money moves now; both sides are told.',
  /** two staff members deciding one dispute at once: the one who was second is told */
  disputeAlreadyResolved: 'This dispute has been resolved already.',
  disputeNotFound: 'No dispute has that id.',
  refundAmountInvalid: 'Enter a refund between $0.00 and the order’s total',
  reasonRequired: 'Give a reason: the person it concerns is shown it',
  hidden: 'Hidden. Its reporters are told.',
  restored: 'Restored.',
  dismissed: 'Reports dismissed. Their reporters are told.',
  suspended: 'Suspended. They are signed out everywhere.',
  unsuspended: 'The suspension is lifted.',
  noSuchTarget: 'Nothing reported has that id.',
  searchRequired: 'Type an e-mail, a username or an id',
  resetSent: 'A link to choose a new password was sent to their e-mail address.',
} as const;

/** Someone in an order, as staff see them. */
export interface StaffParty {
  id: number;
  name: string;
  email: string;
}

/** A dispute in the queue: oldest first, with its age and its amount. */
export interface DisputeQueueItem {
  id: number;
  order_id: number;
  title: string;
  type: string;
  reason: string;
  status: 'open' | 'resolved';
  /** the order's total, what a full refund gives back */
  amount: string;
  opened_at: string;
  last_activity_at: string;
  info_requested_from: 'buyer' | 'seller' | null;
  buyer: StaffParty;
  seller: StaffParty;
}

export interface DisputeQueue {
  disputes: DisputeQueueItem[];
  total: number;
  pageNumber: number;
  perPage: number;
}

/** One dispute with all a staff member needs to decide it. */
export interface DisputeCase {
  dispute: DisputeView;
  title: string;
  buyer: StaffParty;
  seller: StaffParty;
  order: {
    id: number;
    kind: 'buynow' | 'swap';
    status: string;
    amounts: Order['amounts'];
    /** what the order's escrow still holds: the most a refund can give back */
    escrow: string;
    payment_intent_id: string | null;
    carrier: string | null;
    tracking_number: string | null;
    delivered_at: string | null;
    tracking: { status: string; details: string; at: string; place: string | null }[];
  };
}

/** What a staff sign-in (`/api/admin/login`) answers besides `{ token, user }`. */
export interface StaffSignIn {
  token?: string;
  user: User;
  role: StaffRole;
  /** the authenticator to set up (first sign-in, or after a reset), or null when one is set up: ask for its code */
  enrolment: { secret: string; uri: string; qr: string } | null;
}

export interface StaffProfile {
  user: User;
  role: StaffRole;
  /** recovery codes not used yet */
  recovery_codes_left: number;
}

export interface StaffMember {
  user_id: number;
  email: string;
  name: string;
  role: StaffRole;
  granted_at: string;
  enrolled: boolean;
}

/** What every staff action writes to the audit trail (append-only). */
export interface AuditEvent {
  id: number;
  staff_id: number | null;
  /** the staff member's e-mail, or "command line" */
  staff: string;
  kind: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  created_at: string;
}

export interface AuditPage {
  events: AuditEvent[];
  total: number;
  pageNumber: number;
  perPage: number;
}

/** What members report, as the moderation queues group it. */
export const ModerationKinds = ['listing', 'review', 'user'] as const;
export type ModerationKind = (typeof ModerationKinds)[number];
/** `hide` a listing or review (for a user: suspend them), `restore` it, or `dismiss` the reports. */
export const ModerationActions = ['hide', 'restore', 'dismiss'] as const;
export type ModerationAction = (typeof ModerationActions)[number];

/** One reported thing with its reports not yet handled, grouped: how many, and why. */
export interface ModerationItem {
  kind: ModerationKind;
  target_id: number;
  /** the listing's title, the review's text, the user's name */
  title: string;
  /** the listing's seller, the review's author, the user reported */
  owner: StaffParty;
  reports: number;
  reasons: { reason: string; count: number }[];
  first_reported_at: string;
  /** hidden (or, for a user, suspended) already */
  hidden: boolean;
}

export interface ModerationQueue {
  items: ModerationItem[];
  total: number;
  pageNumber: number;
  perPage: number;
}

/** What the console's one search box finds: members by e-mail, username or id; an order, offer, dispute or listing by id. */
export interface ConsoleHit {
  kind: 'user' | 'order' | 'offer' | 'dispute' | 'listing';
  id: number;
  title: string;
  detail: string;
}

/** Everything support looks at on a member's page. */
export interface MemberFile {
  user: {
    id: number;
    email: string;
    username: string;
    name: string;
    is_business: boolean;
    role: string;
    created_at: string;
    deleted: boolean;
    suspended: { at: string; reason: string | null } | null;
  };
  /** the last 20, newest first */
  sign_ins: { at: string; ip: string; kind: string }[];
  listings: { id: number; title: string; status: number; hidden: boolean; price: string }[];
  orders: { id: number; role: 'buyer' | 'seller'; status: string; total: string; created_at: string }[];
  offers: { id: number; role: 'sender' | 'receiver'; status: number; created_at: string }[];
  disputes: { id: number; order_id: number; status: 'open' | 'resolved'; created_at: string }[];
  reviews_given: { id: number; stars: number; comments: string; hidden: boolean; created_at: string }[];
  reviews_received: { id: number; stars: number; comments: string; hidden: boolean; created_at: string }[];
  reports_about: { reason: string; text: string | null; outcome: string | null; created_at: string }[];
  blocks: { blocked_by: number; blocking: number };
  feedback: { id: number; rating: number; message: string | null; created_at: string }[];
}

/** Support's inbox of everyone's feedback, the newest first. */
export interface FeedbackInbox {
  feedback: (FeedbackItem & { user: StaffParty })[];
  total: number;
  pageNumber: number;
  perPage: number;
}
