/**
 * Every error code the API answers with, and its English message. The server sends `{code, message}`;
 * the web client translates the code. Validation errors name the field: `validation.<field>`.
 */
export const ERROR_MESSAGES = {
  'secret.not_found': 'Secret not found',
  'secret.password_required': 'This secret is protected by a password',
  'secret.password_invalid': 'Wrong password',
  'secret.key_invalid': 'The decryption key does not match this secret',
  'secret.ip_not_allowed': 'This secret cannot be opened from your network address',
  'secret.burn_forbidden': 'A delete token, the key proof or the owner is needed to delete this secret',
  'files.upload_disabled': 'File uploads are disabled on this instance',
  'files.sign_in_required': 'Sign in to attach files: this instance takes files from signed-in users only',
  'files.public_not_allowed': 'Public secrets cannot have files',
  'files.too_large': 'The files are larger than this instance allows',
  'files.size_invalid': 'A declared file size is not possible for an encrypted file',
  'files.upload_not_found': 'No such upload: the secret or file is unknown, expired or gone',
  'files.upload_forbidden': 'The Hush-Upload-Token header is missing or wrong',
  'files.upload_complete': 'This upload is complete: its files can no longer change',
  'files.incomplete': 'Parts are missing: upload them, then complete the upload again',
  'files.part_invalid': 'This part number is outside the file',
  'files.part_size': 'The part does not have the expected length',
  'files.part_too_large': 'The part is larger than expected',
  'files.length_required': 'A Content-Length header is required',
  'files.media_type': 'Parts must be sent as application/octet-stream',
  'files.header_invalid': 'The file does not start with a valid Hush file header',
  'files.download_not_found': 'This download key is unknown or has expired',
  'auth.invalid_credentials': 'Wrong username or password',
  'auth.not_signed_in': 'You are not signed in',
  'auth.signin_disabled': 'Signing in is disabled on this instance',
  'auth.signup_disabled': 'Creating accounts is disabled on this instance',
  'auth.email_domain': 'This email domain is not allowed here',
  'auth.username_taken': 'This username is taken',
  'auth.email_taken': 'An account with this email exists already',
  'auth.cross_site': 'This request came from another site and was refused',
  'auth.setup_invalid': 'This setup link is wrong, used or expired',
  'auth.session_required': 'This needs a signed-in session, not an API token',
  'auth.too_many_attempts': 'Too many failed sign-ins for this account; wait a few minutes',
  'auth.current_password_invalid': 'The current password is wrong',
  'secret.read_only': 'This instance is read-only: only admins and creators can create secrets',
  'auth.admin_required': 'Only admins can do this',
  'admin.user_not_found': 'No such user',
  'admin.last_admin': 'The last admin cannot be deleted or demoted; make another user admin first',
  'settings.managed': 'These settings are managed by the server’s environment and cannot be changed here',
  'account.last_admin': 'The last admin cannot be deleted; make another user admin first',
  'secret_request.not_found': 'This request is not open: it expired, was answered or was revoked',
  'secret_request.disabled': 'Requests are turned off on this instance',
  'secret_request.ip_not_allowed': 'This request cannot be answered from your network address',
  'secret_request.files_not_allowed': 'This request takes no files',
  'secret_request.id_taken': 'A request with this id exists: choose another id',
  'receipt.not_found': 'No such receipt: the link is wrong, or the status is past its retention',
  'webhook.not_found': 'No such webhook',
  'webhook.url_not_allowed': 'Webhook URLs must be http(s) and reach a public address',
  'webhook.disabled': 'Webhooks are turned off on this instance',
  'webhook.limit': 'Too many webhooks: delete one first',
  'webhook.pinned': 'This webhook is set by the server’s environment and cannot be changed here',
  'request.invalid_json': 'The request body is not valid JSON',
  'request.unsupported_media_type': 'The request body must be JSON',
  'request.too_large': 'The request body is too large',
  'request.invalid': 'The request is not valid',
  'request.not_found': 'No such route',
  'request.method_not_allowed': 'Method not allowed',
  'request.timeout': 'The request took too long',
  rate_limited: 'Too many requests, please wait a moment',
  'validation.invalid': 'The request is not valid',
  'metrics.token_invalid': 'A valid metrics token is required (Authorization: Bearer …)',
  'server.unavailable': 'The service is temporarily unavailable',
  'server.error': 'Something went wrong on our side',
} as const;

export type KnownErrorCode = keyof typeof ERROR_MESSAGES;

/** Codes are known ones or `validation.<field>`. */
export type ErrorCode = KnownErrorCode | `validation.${string}`;

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  [extra: string]: unknown;
}
