import fsp from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types; what the tests use of it is typed below.
// @ts-expect-error no declaration file
import S3rver from 's3rver';

export interface TestS3 {
  /** Env for createTestApp/loadConfig that points the upload store at this server. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  close: () => Promise<void>;
}

/** An S3-compatible server in this process, on a random port, with one empty bucket. */
export async function startTestS3(bucket = 'rally-test'): Promise<TestS3> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), 'rally-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  }) as { run(): Promise<AddressInfo>; close(): Promise<void> };
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await fsp.rm(directory, { recursive: true, force: true });
    },
  };
}
