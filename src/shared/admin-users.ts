import { z } from 'zod';
import { AUTH_MESSAGES, emailField, nameField } from './auth';

/** A row of the admin's user table. */
export const adminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  isAdmin: z.boolean(),
  lastLoginAt: z.string().nullable(),
  voteCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUserList = z.array(adminUser);

export const userBody = z.object({
  name: nameField,
  email: emailField,
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});
export type UserBody = z.input<typeof userBody>;

/** Admin-created users are verified; the password is shown once. */
export const createdUser = z.object({ user: adminUser, newPassword: z.string() });
export const regeneratedPassword = z.object({ newPassword: z.string() });
export const deletedUser = z.object({ success: z.literal(true) });

export const ADMIN_USER_MESSAGES = {
  nameRequired: AUTH_MESSAGES.nameRequired,
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  emailTaken: 'A user with this email already exists',
  lastAdmin: 'You cannot remove or demote the last admin',
  notFound: 'User not found',
} as const;

/** The fields after validation (trimmed name and e-mail), as the server stores them. */
export type UserFields = z.output<typeof userBody>;
