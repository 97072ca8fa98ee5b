import { api } from '../../../lib/api-client';
import type { AdminUser, NewUser, UsersPage, UserUpdate } from './admin.types';

/** A page of users, oldest first, and how many there are in all. */
export const listUsers = (page: { skip: number; take: number }, signal?: AbortSignal) =>
  api<UsersPage>(`/admin/users?skip=${page.skip}&take=${page.take}`, signal ? { signal } : {});

/** Creates a user, also while sign-up is closed. */
export const createUser = (body: NewUser) => api<AdminUser>('/admin/users', { body });

/** Changes a user's email or role; the username names the user and does not change. */
export const updateUser = (body: UserUpdate) => api<AdminUser>('/admin/users', { method: 'PUT', body });

/** Deletes a user with their secrets, files, sessions and API tokens. */
export const deleteUser = (username: string) =>
  api<{ deleted: true }>('/admin/users', { method: 'DELETE', body: { username } });
