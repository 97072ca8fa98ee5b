import { isValidIpOrCidr } from '../../../../shared/rules/ip';
import {
  DEFAULT_RESPONSE_TTL,
  DEFAULT_RESPONSE_VIEWS,
  REQUEST_LIMITS,
  REQUEST_RESPONSES,
  REQUEST_TTL,
  REQUEST_TTL_CHOICES,
  RESPONSE_TTL_CHOICES,
} from '../../../../shared/rules/requests';
import { MAX_VIEWS, MIN_VIEWS, utf8Length } from '../../../../shared/rules/secrets';

export interface RequestFormValues {
  title: string;
  /** The instructions. */
  text: string;
  ttl: number;
  /** Numbers kept as typed, so a field can be emptied while editing. */
  maxResponses: string;
  responseTtl: number;
  responseViews: string;
  allowFiles: boolean;
  allowedIp: string;
}

export const initialRequestValues = (): RequestFormValues => ({
  title: '',
  text: '',
  ttl: REQUEST_TTL.default,
  maxResponses: String(REQUEST_RESPONSES.default),
  responseTtl: DEFAULT_RESPONSE_TTL,
  responseViews: String(DEFAULT_RESPONSE_VIEWS),
  allowFiles: false,
  allowedIp: '',
});

/** Fields that can carry an error, in the order they appear on the page. */
export const REQUEST_FIELDS = [
  'title',
  'text',
  'ttl',
  'maxResponses',
  'responseTtl',
  'responseViews',
  'allowedIp',
] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];
export const isRequestField = (name: string): name is RequestField =>
  (REQUEST_FIELDS as readonly string[]).includes(name);

/** Error message keys (namespace `requests`) by field. */
export type RequestFormErrors = Partial<Record<RequestField, string>>;

export interface RequestFormContext {
  /** False when the instance hides the IP restriction (settings.hide_allowed_ip_input). */
  ipInputShown: boolean;
  /** False when the instance takes no files (settings.disable_file_upload). */
  filesShown: boolean;
}

/** A whole number from `min` to `max` as typed, or null. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

export function validateRequest(values: RequestFormValues, context: RequestFormContext): RequestFormErrors {
  const errors: RequestFormErrors = {};
  if (values.title.trim() === '') errors.title = 'create.errors.titleRequired';
  else if (utf8Length(values.title) > REQUEST_LIMITS.titleBytes) errors.title = 'create.errors.titleTooLong';
  if (utf8Length(values.text) > REQUEST_LIMITS.instructionsBytes) errors.text = 'create.errors.textTooLong';
  if (!(REQUEST_TTL_CHOICES as readonly number[]).includes(values.ttl)) errors.ttl = 'create.errors.choose';
  if (wholeNumber(values.maxResponses, REQUEST_RESPONSES.min, REQUEST_RESPONSES.max) === null) {
    errors.maxResponses = 'create.errors.responsesInvalid';
  }
  if (!(RESPONSE_TTL_CHOICES as readonly number[]).includes(values.responseTtl))
    errors.responseTtl = 'create.errors.choose';
  if (wholeNumber(values.responseViews, MIN_VIEWS, MAX_VIEWS) === null)
    errors.responseViews = 'create.errors.viewsInvalid';
  const ip = values.allowedIp.trim();
  if (context.ipInputShown && ip !== '' && !isValidIpOrCidr(ip)) errors.allowedIp = 'create.errors.ipInvalid';
  return errors;
}

/** The request's settings as the API takes them (the title and instructions are sealed apart). */
export function requestOptions(values: RequestFormValues, context: RequestFormContext) {
  const ip = context.ipInputShown ? values.allowedIp.trim() : '';
  return {
    ttl: values.ttl,
    maxResponses: wholeNumber(values.maxResponses, REQUEST_RESPONSES.min, REQUEST_RESPONSES.max) ?? 1,
    responseTtl: values.responseTtl,
    responseViews: wholeNumber(values.responseViews, MIN_VIEWS, MAX_VIEWS) ?? DEFAULT_RESPONSE_VIEWS,
    allowFiles: context.filesShown && values.allowFiles,
    allowedIp: ip === '' ? null : ip,
  };
}

export type UpdateRequestField = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => void;
