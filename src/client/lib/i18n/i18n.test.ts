import { expect, it } from 'vitest';
import { activateWith, i18n, withCatalog } from './i18n';

it('a lazy screen arrives with its own words and the common words the first bundle left out', async () => {
  // English active with nothing loaded yet, as a page opened straight on a lazy screen starts.
  activateWith('en', {});
  // Looked up without translating: asking for a missing word would itself fetch it.
  expect(i18n.messages['common.footer.privacy']).toBeUndefined();
  const screen = withCatalog('auth', async () => 'the sign-up screen');
  expect(await screen()).toBe('the sign-up screen');
  // The screen's own catalogue, and the footer's links with their names (not blank until they come).
  expect(i18n.messages['auth.signUp.title']).toBeDefined();
  expect(i18n.messages['common.footer.privacy']).toBeDefined();
  expect(i18n._('common.footer.privacy')).toBe('Privacy Policy');
  expect(i18n._('common.footer.terms')).toBe('Terms of Service');
});
