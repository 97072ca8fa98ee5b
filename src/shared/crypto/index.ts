export * from './envelope.js';
export { fromBase64Url, toBase64Url } from './bytes.js';
export * from './seal.js';
