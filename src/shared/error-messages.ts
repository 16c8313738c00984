/**
 * The server's own refusals, beside the feature contracts' messages (AUTH_MESSAGES and the like): each
 * has a stable code (error-codes.ts) that the answer carries, and the page shows the code's text.
 */

/** What the server's own plumbing says: validation, access, routing, sizes and the like. */
export const REQUEST_MESSAGES = {
  invalid: 'Invalid request',
  unauthenticated: 'Not authenticated',
  forbidden: 'You do not have permission to do that',
  adminOnly: 'Admin access required',
  notFound: 'Not found',
  conflict: 'This conflicts with the current state. Refresh and try again.',
  tooLarge: 'Request body is too large',
  unsupportedType: 'Unsupported content type',
  emptyBody: 'Request body must not be empty',
  badJson: 'Request body is not valid JSON',
  crossSite: 'Cross-site request refused',
  ownConsentOnly: 'You can only change your own consent',
  ownHistoryOnly: 'You can only see your own ratings history',
  fileNotFound: 'File not found',
  iconNotFound: 'Icon not found',
  portraitNotFound: 'Portrait not found',
  playerNotFound: 'Player not found',
  seasonNotFound: 'No ended match in this season yet',
  mailFailed: 'We could not send the verification email. Please try again in a few minutes.',
} as const;

export const SERVER_MESSAGES = {
  internal: 'Internal server error',
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
  databaseUnreachable: 'Database unreachable',
} as const;
