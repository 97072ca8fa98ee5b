import {
  ALL_TTL_CHOICES,
  DEFAULT_TTL,
  LIMITS,
  MAX_VIEWS,
  MIN_VIEWS,
  TTL_CHOICES,
  utf8Length,
} from '../../../../shared/rules/secrets';
import { isValidIpOrCidr } from '../../../../shared/rules/ip';
import { runtimeConfig } from '../../../lib/runtime-config';

/** The server's text limit (HUSH_MAX_TEXT_BYTES), from the runtime configuration; the server checks again. */
export const MAX_TEXT_BYTES = runtimeConfig.maxTextBytes;

export interface CreateFormValues {
  text: string;
  title: string;
  ttl: number;
  /** Kept as typed, so the field can be emptied while editing. */
  maxViews: string;
  passwordEnabled: boolean;
  password: string;
  allowedIp: string;
  preventBurn: boolean;
  isPublic: boolean;
}

export const initialValues = (): CreateFormValues => ({
  text: '',
  title: '',
  ttl: DEFAULT_TTL,
  maxViews: '1',
  passwordEnabled: false,
  password: '',
  allowedIp: '',
  preventBurn: false,
  isPublic: false,
});

/** Fields that can carry an error, in the order they appear on the page. */
export const FORM_FIELDS = ['text', 'ttl', 'maxViews', 'title', 'password', 'allowedIp'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export const isFormField = (name: string): name is FormField => (FORM_FIELDS as readonly string[]).includes(name);

/** Fields shown under "More options". */
export const OPTION_FIELDS: readonly FormField[] = ['title', 'password', 'allowedIp'];

/** Error message keys (namespace `create`) by field. */
export type FormErrors = Partial<Record<FormField, string>>;

export interface FormContext {
  /** False when the instance hides the IP restriction (settings.hide_allowed_ip_input). */
  ipInputShown: boolean;
  /** Signed-in users may also choose the 14- and 28-day lifetimes (the server checks again). */
  signedIn?: boolean;
  /** Files are attached: then the text may stay empty. */
  hasFiles?: boolean;
}

export function parseViews(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const views = Number(text);
  return views >= MIN_VIEWS && views <= MAX_VIEWS ? views : null;
}

export function validateForm(values: CreateFormValues, context: FormContext): FormErrors {
  const errors: FormErrors = {};
  if (values.text.trim() === '' && !context.hasFiles) errors.text = 'errors.textRequired';
  else if (utf8Length(values.text) > MAX_TEXT_BYTES) errors.text = 'errors.textTooLarge';
  const lifetimes: readonly number[] = context.signedIn ? ALL_TTL_CHOICES : TTL_CHOICES;
  if (!lifetimes.includes(values.ttl)) errors.ttl = 'errors.ttlInvalid';
  if (!values.preventBurn && parseViews(values.maxViews) === null) errors.maxViews = 'errors.viewsInvalid';
  if (utf8Length(values.title) > LIMITS.titleBytes) errors.title = 'errors.titleTooLong';
  if (values.passwordEnabled && !values.isPublic && values.password === '') errors.password = 'errors.passwordEmpty';
  const ip = values.allowedIp.trim();
  if (context.ipInputShown && ip !== '' && !isValidIpOrCidr(ip)) errors.allowedIp = 'errors.ipInvalid';
  return errors;
}

/** The settings sent with every secret, public or private. */
export function secretOptions(values: CreateFormValues, context: FormContext) {
  const ip = context.ipInputShown ? values.allowedIp.trim() : '';
  return {
    ttl: values.ttl,
    // With burn after time reads spend no views, so the count does not matter.
    maxViews: values.preventBurn ? MIN_VIEWS : (parseViews(values.maxViews) ?? MIN_VIEWS),
    allowedIp: ip === '' ? null : ip,
    preventBurn: values.preventBurn,
    files: [],
  };
}

export type UpdateField = <K extends keyof CreateFormValues>(key: K, value: CreateFormValues[K]) => void;
