/**
 * An S3-compatible server for tests (s3rver, objects as files in a temporary directory) on
 * 127.0.0.1, with one empty bucket.
 *
 * s3rver 3.7.1 runs on Node 20 and answers @aws-sdk/client-s3 3.1169 for PUT, GET, HEAD, DELETE
 * and multipart uploads. One catch, checked by hand: with the SDK's default checksums
 * (requestChecksumCalculation 'WHEN_SUPPORTED') a PUT of a stream goes out aws-chunked with a
 * trailing CRC32, and s3rver stores the chunk framing inside the object and answers 200. Buffered
 * PUTs and multipart parts carry a plain x-amz-checksum-crc32 header, which it ignores harmlessly.
 * S3BlobStore therefore asks for checksums only 'WHEN_REQUIRED' (see server/blobs/s3.ts); any other
 * client pointed at this server must do the same.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The same as S3_* variables, for readS3Settings or a server started as a child process. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted: what a store really wrote, seen from outside it. */
  keys(): Promise<string[]>;
  /** The Content-Type S3 answers the object with. */
  contentType(key: string): Promise<string | undefined>;
  /** Stops the server (a test may do so early, to be unreachable); closing again does nothing. */
  close(): Promise<void>;
}

/** s3rver's one built-in account. */
const ACCOUNT = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(bucket = 'cardchat-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: ACCOUNT,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  let closing: Promise<void> | undefined;
  return {
    endpoint,
    bucket,
    ...ACCOUNT,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
      S3_SECRET_ACCESS_KEY: ACCOUNT.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      // One page is enough: a test never writes a thousand objects.
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async contentType(key) {
      return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentType;
    },
    close() {
      closing ??= (async () => {
        client.destroy();
        await server.close();
        fs.rmSync(directory, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
