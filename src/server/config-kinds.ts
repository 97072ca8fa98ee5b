/** The kinds of value HUSH_* settings take, and the shape of a setting (config-settings.ts lists them). */
import { z } from 'zod';
import { OrganizationDomain } from '../shared/api/admin.contract.js';

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));
// Digits only: a blank value must not coerce to 0 (HUSH_PORT= would listen on a random port), nor 0x50 or 1e3 pass.
export const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'must be a whole number')
    .pipe(z.coerce.number<string>().int().min(min).max(max));
/** A number with an optional decimal part (`0.5` days), same rules as int otherwise. */
export const decimal = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'must be a number such as 30 or 0.5')
    .pipe(z.coerce.number<string>().min(min).max(max));
/** An instance setting pinned by the environment (managed mode); empty: not pinned, the admin page decides. */
export const pinnedBool = z.union([z.literal('').transform(() => null), bool]);
export const pinnedDomain = OrganizationDomain.transform((value) => (value === '' ? null : value));
export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;
/** Byte limits up to 1 PiB. */
export const MAX_BYTES = 2 ** 50;
/** RFC 1123 host names: letters, digits and dashes in dot-separated labels. */
export const HOSTNAME =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
export const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

export interface Setting<S extends z.ZodType = z.ZodType> {
  env: string;
  default: string;
  schema: S;
  doc: string;
}

export const setting = <S extends z.ZodType>(
  env: string,
  defaultValue: string,
  schema: S,
  doc: string,
): Setting<S> => ({
  env,
  default: defaultValue,
  schema,
  doc,
});
