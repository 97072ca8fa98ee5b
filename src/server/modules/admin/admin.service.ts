import type { z } from 'zod';
import type {
  AdminSettings,
  AdminSettingsBody,
  CreateUserBody,
  UpdateUserBody,
  UsersPage,
} from '../../../shared/api/admin.contract.js';

import { presentAccount } from '../account/account.service.js';
import { emailTaken } from '../auth/auth.errors.js';
import type { AuthService } from '../auth/auth.service.js';
import type { GuardedChange, UserRow, UsersRepository } from '../auth/users.repository.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { lastAdmin, userNotFound } from './admin.errors.js';

export interface AdminServiceDeps {
  users: UsersRepository;
  settings: SettingsService;
  /** A deleted user's files go through the secrets service. */
  secrets: Pick<SecretsService, 'files'>;
  /** Sign-up's own account creation: the same checks of taken names and the same password hashing. */
  createUser: AuthService['createUser'];
}

/** The user a guarded change was made to, or the error it was refused with. */
function changed(result: GuardedChange): UserRow {
  if (result.outcome === 'not_found') throw userNotFound();
  if (result.outcome === 'last_admin') throw lastAdmin();
  return result.user;
}

/** What admins do: instance settings and user management. The routes check that the caller is an admin. */
export function createAdminService(deps: AdminServiceDeps) {
  const { users, settings } = deps;

  async function findUser(username: string): Promise<UserRow> {
    const user = await users.findByUsername(username);
    if (!user) throw userNotFound();
    return user;
  }

  return {
    async settings(): Promise<AdminSettings> {
      return { ...(await settings.get()), managed: settings.managed() };
    },

    async updateSettings(body: z.output<typeof AdminSettingsBody>): Promise<AdminSettings> {
      return { ...(await settings.update(body)), managed: settings.managed() };
    },

    async listUsers(skip: number, take: number): Promise<UsersPage> {
      const [rows, total] = await Promise.all([users.list(skip, take), users.count()]);
      return { users: rows.map(presentAccount), total, skip, take };
    },

    /** Admins create accounts even while sign-up is disabled, and with any email domain. */
    async createUser(body: z.output<typeof CreateUserBody>) {
      return presentAccount(await deps.createUser(body, body.role, body.generated));
    },

    async updateUser(body: z.output<typeof UpdateUserBody>) {
      const user = await findUser(body.username);
      const newEmail = body.email.toLowerCase() !== user.email_lower;
      const takenByOther = async () => newEmail && (await users.taken('', body.email)).email;
      if (await takenByOther()) throw emailTaken();
      let result: GuardedChange;
      try {
        result = await users.updateGuarded(user.id, body.email, body.role);
      } catch (error) {
        // Another account took the email between the check and the update (the unique index decides).
        if (await takenByOther()) throw emailTaken();
        throw error;
      }
      return presentAccount(changed(result));
    },

    async deleteUser(username: string) {
      const { id } = await findUser(username);
      changed(await users.deleteGuarded(id));
      // The user's secrets went with the account; their files are deleted now, blob first, then row.
      await deps.secrets.files.deleteOwnedBy(id);
      return { deleted: true as const };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
