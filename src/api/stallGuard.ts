import { probeHealth } from '../lib/connectivity';
import { REQUEST_TIMEOUT_MS } from './client';

export interface StallGuard {
  /** Something arrived (the answer's headers, a piece of the reply): the quiet time starts again. */
  progress(): void;
  stop(): void;
}

/**
 * Watches a long request (a reply may take a minute to start and longer to stream): after
 * REQUEST_TIMEOUT_MS with nothing new it asks GET /api/health. Answered, cardchat is there and only
 * the AI is slow, so the wait goes on; not answered, the network hangs (lie-fi, a captive portal)
 * and `abort` ends the request, so the message waits in the outbox instead of spinning for ever.
 */
export function stallGuard(abort: () => void, quietMs: number = REQUEST_TIMEOUT_MS): StallGuard {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let seen = 0;
  const check = async () => {
    const at = seen;
    const answered = await probeHealth();
    // Progress during the probe said more than the probe can.
    if (stopped || at !== seen) return;
    if (answered) arm();
    else abort();
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), quietMs);
  };
  arm();
  return {
    progress() {
      seen += 1;
      arm();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
