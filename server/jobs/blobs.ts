/**
 * Blobs a job keeps, named under its own id: the files an import was given, the file an export
 * wrote. Its payload lists the first (`inputs`), its result the second (`file`), so whoever ends or
 * sweeps a job finds every one of them without listing the store.
 */
import type { JobRow } from '../db/schema';
import type { ServiceContext } from '../services/context';

export const jobInputKey = (jobId: string, index: number) => `jobs/${jobId}/input-${index}.bin`;
export const jobFileKey = (jobId: string, extension: string) => `jobs/${jobId}/file${extension}`;

function parsed(text: string | null): Record<string, unknown> {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Every blob key the job's payload and result name. */
export function jobBlobKeys(job: Pick<JobRow, 'payload' | 'result'>): string[] {
  const inputs = parsed(job.payload).inputs;
  const file = parsed(job.result).file as { key?: unknown } | undefined;
  const keys = Array.isArray(inputs) ? inputs.map((input) => (input as { key?: unknown }).key) : [];
  if (file) keys.push(file.key);
  return keys.filter((key): key is string => typeof key === 'string');
}

/** Deletes them; a key already gone is nothing to do. */
export async function removeJobBlobs(ctx: Pick<ServiceContext, 'blobs'>, job: Pick<JobRow, 'payload' | 'result'>): Promise<void> {
  for (const key of jobBlobKeys(job)) await ctx.blobs.delete(key);
}
