/** A form's problems: field → translation key (namespace `account`); a field without an entry is fine. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

/** The fields that have a problem, from one check per field. */
export function fieldErrors<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value)) as FieldErrors<F>;
}
