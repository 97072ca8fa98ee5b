/** The receipts feature's public face: what other features may use of it (eslint enforces this door). */
export { EndReason } from './EndReason';
export { Moment } from './Moment';
export { ownReceiptPath } from './receipt-source';
export { ViewsUsed } from './ViewsUsed';
