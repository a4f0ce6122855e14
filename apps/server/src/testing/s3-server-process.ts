import S3rver from 's3rver';

// Run by test-s3-server.ts in a child process: s3rver on a free loopback port, storing in the
// directory given, with the bucket given. Prints {"port": n} once listening; stops when its
// standard input closes (the test, or the test runner, went away).
const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3-server-process.ts DIRECTORY BUCKET');

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().finally(() => process.exit(0));
});
