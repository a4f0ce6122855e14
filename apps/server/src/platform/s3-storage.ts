import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  assertStorageKey,
  assertStoragePrefix,
  decodeContinuation,
  encodeContinuation,
  storageKeyProblem,
  storagePageLimit,
  type FileStorage,
} from './storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  // An S3-compatible server's URL (MinIO, Ceph, a test server); null: AWS itself.
  endpoint: string | null;
  // Buckets in the path (http://host/bucket/key) rather than the host name, as most S3-compatible
  // servers want.
  forcePathStyle: boolean;
  // Unset: the AWS SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN,
  // AWS_PROFILE and ~/.aws, web identity, ECS or EC2 instance roles). Tests pass the server's keys.
  credentials?: S3ClientConfig['credentials'];
};

// The same three calls as the directory, on one bucket: GetObject, PutObject, and ListObjectsV2 of
// at most 50 keys a page. Pages continue with StartAfter and the last key (storage.ts), so a
// token is checked the same way on both adapters and holds no state of S3's.
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  return {
    read: async (key) => {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return Buffer.alloc(0);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    write: async (key, content) => {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: content }));
    },
    list: async (prefix, listOptions = {}) => {
      assertStoragePrefix(prefix);
      const limit = storagePageLimit(listOptions.limit);
      const after = listOptions.continuation ? decodeContinuation(listOptions.continuation, prefix) : null;
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket,
          Prefix: prefix,
          MaxKeys: limit,
          ...(after === null ? {} : { StartAfter: after }),
        }),
      );
      const listed = (page.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [object.Key]));
      const last = listed[listed.length - 1];
      return {
        // A key the bucket holds that no adapter would accept ("a//b") is skipped, not handed on.
        keys: listed.filter((key) => storageKeyProblem(key) === null),
        continuation: page.IsTruncated && last !== undefined ? encodeContinuation(last) : null,
      };
    },
  };
}

// GetObject of a missing key: NoSuchKey (404); some S3-compatible servers answer a bare 404. A
// missing bucket is a configuration error, never "no such object".
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
