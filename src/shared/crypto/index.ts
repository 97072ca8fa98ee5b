export * from './envelope.js';
export { fromBase64Url, toBase64Url } from './bytes.js';
export * from './seal.js';
export * from './file-stream.js';
export * from './file-transform.js';
export * from './file-meta.js';
