import { PassThrough, pipeline, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStoredName, type FileStorage, isStoredName } from './storage.ts';

export interface S3Options {
  bucket: string;
  /** Any S3-compatible endpoint (MinIO, R2, ...); AWS when unset. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
}

/**
 * Uploads in an S3-compatible bucket, so every instance serves every file. The app
 * still streams them under /uploads/ (docs/decisions/0012-s3-uploads.md): the object
 * key is the stored name, and the bucket can stay private.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(opts: S3Options) {
    this.bucket = opts.bucket;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      ...(opts.accessKeyId &&
        opts.secretAccessKey && {
          credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
        }),
      // Checksums only where S3 requires them: many S3-compatible stores reject the
      // newer default trailing checksums, and PUT bodies here are whole buffers anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** A single PUT: S3 makes the object visible only once it is complete and durable. */
  async put(name: string, data: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertStoredName(name),
        Body: data,
        ContentLength: data.byteLength,
      }),
    );
  }

  /** Readiness: the bucket answers and these credentials may use it. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async size(name: string): Promise<number | undefined> {
    // Like a missing file on disk: a name we could never have stored is simply absent.
    if (!isStoredName(name)) return undefined;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return head.ContentLength;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  read(name: string, range?: { start: number; end: number }): Readable {
    // The interface hands back a stream at once; the object's bytes flow into it
    // when S3 answers, and an S3 error ends it with that error.
    const out = new PassThrough();
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: assertStoredName(name),
          ...(range && { Range: `bytes=${range.start}-${range.end}` }),
        }),
      )
      .then(
        (res) => {
          const body = res.Body as Readable | undefined;
          if (!body) return out.destroy(new Error(`Empty S3 body for ${name}`));
          // pipeline destroys the S3 response when the client goes away mid-file.
          pipeline(body, out, () => {});
        },
        (err) => out.destroy(err),
      );
    return out;
  }

  /** S3 answers a DELETE of a missing key with success too, so a second cleanup run is harmless. */
  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertStoredName(name) }));
  }

  /** Releases the HTTP connections (app shutdown, tests). */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
