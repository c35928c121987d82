/** How to reach the S3-compatible bucket card images live in. */
export interface S3Settings {
  /** A custom endpoint (MinIO, R2, …); AWS's own endpoint for the region when absent. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

type Env = Record<string, string | undefined>;

export class S3SettingsError extends Error {
  override name = 'S3SettingsError';
}

/** S3's bucket naming rules (3–63 characters of lowercase letters, digits, dots and dashes), which every compatible server follows. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function required(env: Env, name: string): string {
  const raw = value(env, name);
  if (raw === undefined) throw new S3SettingsError(`S3_BUCKET is set, so ${name} is required`);
  return raw;
}

function endpointOf(env: Env): string | undefined {
  const raw = value(env, 'S3_ENDPOINT');
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new S3SettingsError(`S3_ENDPOINT must be an http:// or https:// URL, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new S3SettingsError(`S3_ENDPOINT must be an http:// or https:// URL, got '${raw}'`);
  }
  return raw.replace(/\/+$/, '');
}

/**
 * Path style unless told otherwise when there is a custom endpoint: MinIO, s3rver, Ceph and a
 * bare IP or localhost only work that way, and R2 and AWS accept it too. Against AWS's own
 * endpoint, virtual-hosted style, which AWS recommends.
 */
function forcePathStyleOf(env: Env, endpoint: string | undefined): boolean {
  const raw = value(env, 'S3_FORCE_PATH_STYLE')?.toLowerCase();
  if (raw === undefined) return endpoint !== undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new S3SettingsError(`S3_FORCE_PATH_STYLE must be 'true' or 'false', got '${raw}'`);
}

/** The S3 settings, or undefined when S3_BUCKET is unset and blobs stay files under DATA_DIR. */
export function readS3Settings(env: Env): S3Settings | undefined {
  const bucket = value(env, 'S3_BUCKET');
  if (bucket === undefined) return undefined;
  if (!BUCKET.test(bucket)) {
    throw new S3SettingsError(`S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots and dashes), got '${bucket}'`);
  }
  const endpoint = endpointOf(env);
  return {
    endpoint,
    region: value(env, 'S3_REGION') ?? 'us-east-1',
    bucket,
    accessKeyId: required(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: required(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: forcePathStyleOf(env, endpoint),
  };
}
