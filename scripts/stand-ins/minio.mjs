#!/usr/bin/env node
// `minio server DIR`: s3rver on port 9000 with MINIO_ROOT_USER and MINIO_ROOT_PASSWORD as its key pair.
const modules = '/usr/local/lib/node_modules/s3rver';
const { default: S3rver } = await import(`${modules}/lib/s3rver.js`);
const { default: AWSAccount } = await import(`${modules}/lib/models/account.js`);

const [command, directory] = process.argv.slice(2);
if (command !== 'server' || !directory) {
  console.error('usage: minio server DIR');
  process.exit(2);
}
AWSAccount.DUMMY_ACCOUNT.createKeyPair(process.env.MINIO_ROOT_USER, process.env.MINIO_ROOT_PASSWORD);
// Path-style buckets only, as MinIO without MINIO_DOMAIN: the host name (minio:9000) is no bucket.
const server = new S3rver({ address: '0.0.0.0', port: 9000, directory, silent: false, vhostBuckets: false });
await server.run();
console.log('s3rver (minio stand-in) listening on :9000');
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
