import { expect, it } from 'vitest';
import { removesLastAdmin } from './admin-users.policy';

it('refuses only the change that takes the flag from the one admin left', () => {
  const admin = { isAdmin: true };
  const fan = { isAdmin: false };
  expect(removesLastAdmin(admin, false, 1)).toBe(true);
  expect(removesLastAdmin(admin, false, 2)).toBe(false);
  expect(removesLastAdmin(admin, true, 1)).toBe(false);
  expect(removesLastAdmin(fan, false, 1)).toBe(false);
  expect(removesLastAdmin(fan, true, 0)).toBe(false);
});
