import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { NETWORK_ERROR_CODES } from '../errors';
import { loadPackage } from '../lazyPackage';
import type { S3Settings } from './s3Settings';
import { BlobStoreUnavailableError, checkBlobKey, type BlobBody, type BlobStore } from './store';

/** S3's smallest multipart part; a streamed put holds at most UPLOAD_PARTS_IN_FLIGHT + 1 of these in memory. */
const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_PARTS_IN_FLIGHT = 2;

interface SdkError {
  name?: unknown;
  code?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/** What the SDK throws, after its own retries, when the service cannot answer rather than refuses the request. */
function isOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, errors, $metadata } = error as SdkError;
  if (name === 'TimeoutError') return true;
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
  // Node's happy-eyeballs connect reports one error per address it tried.
  if (Array.isArray(errors) && errors.some(isOutage)) return true;
  const status = $metadata?.httpStatusCode;
  return status !== undefined && (status >= 500 || status === 429);
}

function isMissingKey(error: unknown): boolean {
  const name = (error as SdkError | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/**
 * Blobs as objects in an S3-compatible bucket, under exactly their keys. Reads and streamed writes
 * go through without holding the object in memory; a streamed write is a multipart upload, which
 * S3 only makes visible once complete and aborts on failure, so a reader never sees half an object.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  // The AWS SDK, loaded by the first store made: a deployment without a bucket never loads it.
  private readonly sdk = loadPackage<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');
  private readonly storage = loadPackage<typeof import('@aws-sdk/lib-storage')>('@aws-sdk/lib-storage');
  private readonly client: S3Client;
  private readonly bucket: string;
  /** Names the bucket in error messages, for the log. */
  private readonly where: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.where = `S3 bucket '${settings.bucket}' at ${settings.endpoint ?? `AWS ${settings.region}`}`;
    this.client = new this.sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Since 3.729 the SDK adds a CRC32 to every PUT and asks for one on every GET. Compatible
      // servers that predate that break: R2 answered 501 to x-amz-checksum-crc32 (aws-sdk-js-v3
      // #6810), and s3rver stores a streamed PUT's aws-chunked framing as the object's bytes and
      // answers 200. Checksums only where an operation requires them work everywhere; TLS still
      // guards the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        // An unreachable host fails fast enough for the request waiting on it to get a 503.
        connectionTimeout: 5_000,
        // Up to the response headers only, so a slow download to a slow client is never cut.
        requestTimeout: 30_000,
        throwOnRequestTimeout: true,
      },
    });
  }

  private failure(error: unknown, doing: string): Error {
    const reason = error instanceof Error ? error.message : String(error);
    if (isOutage(error)) return new BlobStoreUnavailableError(`${this.where} is unreachable (${doing}): ${reason}`, { cause: error });
    return error instanceof Error ? error : new Error(reason);
  }

  async put(key: string, data: BlobBody, contentType: string): Promise<void> {
    const params = { Bucket: this.bucket, Key: checkBlobKey(key), ContentType: contentType };
    if (data instanceof Uint8Array) {
      try {
        await this.client.send(new this.sdk.PutObjectCommand({ ...params, Body: data, ContentLength: data.byteLength }));
      } catch (error) {
        throw this.failure(error, `writing ${key}`);
      }
      return;
    }
    // When the source stream fails, Upload aborts the multipart upload and, should the abort fail
    // too (s3rver has no AbortMultipartUpload), throws that instead: the caller's own error says more.
    let sourceError: unknown;
    data.once('error', (error) => (sourceError = error));
    try {
      // The length of a stream is unknown up front, which a plain PUT needs; Upload sends one PUT
      // for a stream shorter than a part and a multipart upload otherwise.
      await new this.storage.Upload({
        client: this.client,
        params: { ...params, Body: data },
        partSize: UPLOAD_PART_BYTES,
        queueSize: UPLOAD_PARTS_IN_FLIGHT,
      }).done();
    } catch (error) {
      throw sourceError ?? this.failure(error, `writing ${key}`);
    }
  }

  async get(key: string): Promise<Readable | null> {
    const command = new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: checkBlobKey(key) });
    let body: unknown;
    try {
      body = (await this.client.send(command)).Body;
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw this.failure(error, `reading ${key}`);
    }
    // In Node the SDK hands back the HTTP response itself, so the caller streams it from the socket.
    if (!(body instanceof Readable)) throw new Error(`${this.where} returned no stream for ${key}`);
    return body;
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: checkBlobKey(key) }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (isMissingKey(error)) return;
      throw this.failure(error, `deleting ${key}`);
    }
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const failure = this.failure(error, 'checking the bucket');
      if (failure instanceof BlobStoreUnavailableError) throw failure;
      // HEAD has no body, so the SDK's message is often just 'UnknownError': say what S3 answered.
      const { name, $metadata } = error as SdkError;
      throw new Error(`${this.where} is not usable: ${String(name)} (HTTP ${$metadata?.httpStatusCode ?? '?'})`, { cause: error });
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
