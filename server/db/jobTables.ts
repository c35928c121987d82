/** The jobs runner's queue (server/jobs/). */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** Long work any instance may lease (server/jobs/README.md). JSON columns hold text. */
export interface JobsTable {
  id: string;
  kind: string;
  user_id: string;
  heavy: number;
  payload: string;
  state: JobState;
  run_after: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  attempts: number;
  /** `{done, total}`, written at most once a second while it runs. */
  progress: string | null;
  result: string | null;
  /** `{status, code, message}` of the refusal or failure that ended it. */
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
