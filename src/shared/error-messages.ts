import { defineErrors } from './errors';

/**
 * The server's own refusals, beside the feature contracts' errors (AUTH_ERRORS and the like): validation,
 * access, routing, sizes, and the few refusals of features whose codes were given here first.
 */
export const REQUEST_ERRORS = defineErrors('request', {
  invalid: 'Invalid request',
  forbidden: 'You do not have permission to do that',
  adminOnly: 'Admin access required',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  conflict: 'This conflicts with the current state. Refresh and try again.',
  tooLarge: 'Request body is too large',
  unsupportedType: 'Unsupported content type',
  emptyBody: 'Request body must not be empty',
  badJson: 'Request body is not valid JSON',
  nulCharacter: 'Text must not contain NUL characters',
  crossSite: 'Cross-site request refused',
  ownConsentOnly: 'You can only change your own consent',
  ownHistoryOnly: 'You can only see your own ratings history',
  fileNotFound: 'File not found',
  iconNotFound: 'Icon not found',
  portraitNotFound: 'Portrait not found',
  seasonNotFound: 'No ended match in this season yet',
  mailFailed: 'We could not send the verification email. Please try again in a few minutes.',
});

export const SERVER_ERRORS = defineErrors('server', {
  internal: 'Internal server error',
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
  databaseUnreachable: 'Database unreachable',
});
