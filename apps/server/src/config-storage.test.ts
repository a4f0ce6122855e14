import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig: where files are kept', () => {
  it('keeps them in <DATA_DIR>/files unless told otherwise', () => {
    expect(loadConfig({}, '/srv/portal').storage).toEqual({ driver: 'directory', dir: '/srv/portal/.data/files' });
    expect(loadConfig({ STORAGE_DIR: 'blobs' }, '/srv').storage).toEqual({ driver: 'directory', dir: '/srv/blobs' });
  });

  it('uses an S3 bucket with STORAGE_DRIVER=s3, in us-west-2 by default', () => {
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'portal-files' }, '/srv').storage).toEqual({
      driver: 's3',
      bucket: 'portal-files',
      region: 'us-west-2',
      endpoint: null,
      forcePathStyle: false,
    });
    expect(
      loadConfig(
        {
          STORAGE_DRIVER: 's3',
          S3_BUCKET: 'portal-files',
          S3_REGION: 'eu-central-1',
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_FORCE_PATH_STYLE: 'true',
        },
        '/srv',
      ).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'portal-files',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
  });

  it('refuses S3 without a bucket, and a driver or endpoint it does not know, naming the variable', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' }, '/srv')).toThrow(
      'S3_BUCKET: STORAGE_DRIVER=s3 needs S3_BUCKET, the name of the bucket that keeps the files',
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: '' }, '/srv')).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'gcs' }, '/srv')).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b0', S3_ENDPOINT: 'minio' }, '/srv')).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' }, '/srv')).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
