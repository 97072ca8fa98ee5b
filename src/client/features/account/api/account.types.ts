import type { z } from 'zod';
import type {
  Account as AccountSchema,
  AccountUpdateBody,
  ApiToken as ApiTokenSchema,
  CreatedToken as CreatedTokenSchema,
  CreateTokenBody,
  OwnSecret as OwnSecretSchema,
} from '../../../../shared/api/account.contract';

export type Account = z.output<typeof AccountSchema>;
export type AccountUpdate = z.input<typeof AccountUpdateBody>;
export type OwnSecret = z.output<typeof OwnSecretSchema>;
export type ApiToken = z.output<typeof ApiTokenSchema>;
export type CreatedToken = z.output<typeof CreatedTokenSchema>;
export type NewToken = z.input<typeof CreateTokenBody>;
