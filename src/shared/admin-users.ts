import { z } from 'zod';
import { emailField, nameField, userIdParams } from './auth';
import { endpoint } from './endpoint';
import { defineErrors } from './errors';

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

export const ADMIN_USER_ERRORS = defineErrors('adminUser', {
  emailTaken: 'A user with this email already exists',
  lastAdmin: 'You cannot remove or demote the last admin',
  notFound: 'User not found',
});

/** The fields after validation (trimmed name and e-mail), as the server stores them. */
export type UserFields = z.output<typeof userBody>;

/** User Management (admins only). */
export const adminUsersApi = {
  list: endpoint({ method: 'GET', path: '/api/admin/users', response: adminUserList }),
  /** A verified user with a generated password, shown once. */
  create: endpoint({
    method: 'POST',
    path: '/api/admin/users',
    body: userBody,
    response: createdUser,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:id',
    params: userIdParams,
    body: userBody,
    response: adminUser,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    params: userIdParams,
    response: deletedUser,
  }),
  /** A new password, shown once; every session of the user ends. */
  regeneratePassword: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/regenerate-password',
    params: userIdParams,
    response: regeneratedPassword,
  }),
};
