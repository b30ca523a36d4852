/**
 * What the server says to a person, in plain words, where it once said 'Invalid token' or
 * 'Not authenticated'. The app shows these `detail` texts as they come (the login form, the
 * settings forms, the error toast), so they are written for her, not for a developer.
 */
export const SERVER_MESSAGES = {
  notSignedIn: 'Please log in to continue.',
  sessionEnded: 'Your session has ended. Please log in again.',
  accountSwitchedOff: 'This account has been switched off. If you think this is a mistake, please contact us.',
  resetLinkNotValid: 'This password reset link is not valid or has already been used. Please ask for a new one.',
  notAllowed: 'Only an administrator can do this.',
  wrongCurrentPassword: 'Your current password is not right. Please try again.',
} as const;
