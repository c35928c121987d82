import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { CHROMIUM_PATH } from '../../tests/e2e/chromium';

/** What the figures were measured on, so results.md says which machine they belong to. */

export { CHROMIUM_PATH };

export function chromiumVersion(): string {
  return spawnSync(CHROMIUM_PATH, ['--version']).stdout?.toString().trim() || 'Chromium (version unknown)';
}

export function machineLine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`;
  return `${os.cpus().length} cores (${cpu}), ${memory} memory, Node ${process.version}, ${chromiumVersion()}, ${os.type()} ${os.release()}`;
}

/** The 1-minute load average: the machine is shared, so a busy moment is said beside the figures. */
export const loadAverage = () => os.loadavg()[0]!.toFixed(2);
