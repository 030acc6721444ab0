/**
 * Every user-visible message of the spec, spelled exactly as there (its typos too).
 * Messages the spec leaves open are ours; docs/decisions.md lists which ones.
 */
export const messages = {
  // spec section 5
  invalidEmail: 'Invalid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMatch: 'Password must be matched',
  agreeToTerms: 'Accept terms and conditions to register an account',
  invalidContact: 'Invalid contact no',
  // ours (spec: not shown)
  firstNameRequired: 'First name is required',
  firstNameLength: 'First name must be 2-50 characters',
  lastNameRequired: 'Last name is required',
  lastNameLength: 'Last name must be 2-50 characters',
  usernameRequired: 'Username is required',
  usernameLength: 'Username must be 3-20 characters',
  usernamePattern: 'Username can contain only letters, numbers and underscore',
  usernameNotOnlyDigits: 'Username cannot contain only numbers',
  confirmPasswordRequired: 'Confirm password is required',
  businessNameRequired: 'Business name is required',
  businessNameLength: 'Business name must be 2-50 characters',
  businessUsernameRequired: 'Business username is required',
  einLength: 'EIN must be exactly 9 digits',
  businessEmailRequired: 'Business email is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateAlphabetic: 'State must contain letters only',
  stateRequired: 'State is required',
  zipRequired: 'Zip is required',
  phoneRequired: 'Contact no is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  addressLength: 'Address must be at most 255 characters',
  street2Length: 'Street 2 must be at most 255 characters',
  cityLength: 'City must be at most 100 characters',
  stateLettersSpaces: 'State must contain letters and spaces only',
  stateLength: 'State must be at most 100 characters',
  zipLength: 'Zip must be at most 20 characters',
  // spec section 8
  loginFailedTitle: 'Login Failed',
  genericError: 'Opps something went wrong!!!',
  addressError: 'Opps something went wrong!!',
  noRecordFound: 'No Record Found',
  noRecordsFound: 'No Records Found',
  addressAdded: 'Address Added Successfully',
  // ours: server answers
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found',
  csrfRefused: 'Your request could not be verified. Please reload the page and try again.',
  emailTaken: 'This email is already registered',
  usernameTaken: 'This username is already taken',
  loginSuccess: 'Login successful',
  registered: 'Your account has been created',
  loggedOut: 'Logged out',
  resetMailSent: 'If an account exists for this email, we have sent a link to reset your password.',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  passwordChanged: 'Your password has been changed',
  currentPasswordWrong: 'Current password is incorrect',
  samePassword: 'New password must be different from the current password',
  rateLimited: 'Too many requests. Please try again later.',
  validationFailed: 'Please check the highlighted fields',
  addressUpdated: 'Address Updated Successfully',
  addressDeleted: 'Address Deleted Successfully',
  addressDefault: 'Default Address Updated Successfully',
  addressNotFound: 'Address not found',
  addressIdRequired: 'Address id is required',
  // ours: browser only
  socialLoginUnavailable:
    'This sign-in provider is not configured on this server. Please sign in with your email and password.',
} as const;

export type MessageKey = keyof typeof messages;

/** The error text the spec's clients read on a 401 whose session was revoked or deleted. */
export const SESSION_REVOKED_ERROR = '407';

export const TAGLINE = 'Make the Most of What You Have.';
