/**
 * Contact addresses shown on the page. The server has no setting for them yet, so an operator
 * changes them here.
 */
export const CONTACT = {
  media: 'media@matchday.app',
  privacy: 'privacy@matchday.app',
  support: 'support@matchday.app',
} as const;
