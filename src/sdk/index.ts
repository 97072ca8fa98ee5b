/**
 * @hush/client: create, open, check and burn Hush secrets, and ask for them, from Node or a browser. Everything is
 * sealed and opened here; the server only ever sees envelopes (docs/protocol.md).
 */
export { HushError } from './errors.js';
export type { Connection } from './http.js';
export type { FileInput, UploadOptions, DownloadOptions } from './files.js';
export {
  burn,
  createSecret,
  openSecret,
  status,
  type BurnOptions,
  type CreatedSecret,
  type CreateSecretOptions,
  type OpenedFile,
  type OpenedSecret,
  type OpenSecretOptions,
} from './secrets.js';
export type { ReceiptData as SecretStatus } from '../shared/api/receipts.contract.js';
export {
  createRequest,
  openInbox,
  readRequest,
  respond,
  type CreatedRequest,
  type CreateRequestOptions,
  type Inbox,
  type InboxResponse,
  type RequestForm,
  type RespondOptions,
  type SentResponse,
} from './requests.js';
export { readFillLink, readInboxLink, readReceiptLink, readSecretLink } from './links.js';
