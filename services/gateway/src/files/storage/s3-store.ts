import { Readable } from 'node:stream';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

import type { FileStore } from './file-store';

export interface S3StoreOptions {
  /** The S3-compatible endpoint (MinIO, Ceph, a cloud's); unset for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
}

/**
 * Files in an S3-compatible bucket through the AWS SDK, under a prefix per store (`files/`,
 * `private/`). Nothing is public: downloads stream through the gateway, or go out as signed URLs
 * that expire within a minute when the deployment asks for them.
 */
export class S3FileStore implements FileStore {
  readonly backend = 's3' as const;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  static client(options: S3StoreOptions): S3Client {
    const config: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint || undefined,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible stores (older MinIO, Ceph)
      // refuse the SDK's default trailing checksums on every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    return new S3Client(config);
  }

  private objectKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  async open(key: string) {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!(object.Body instanceof Readable)) return null;
      return { size: Number(object.ContentLength ?? 0), stream: object.Body };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return { size: Number(head.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  async usage(prefix: string): Promise<number> {
    let total = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.objectKey(prefix.endsWith('/') ? prefix : `${prefix}/`),
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) total += Number(object.Size ?? 0);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return total;
  }

  async signedUrl(key: string, seconds: number, downloadName?: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentDisposition: downloadName
        ? `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`
        : undefined,
    });
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}
