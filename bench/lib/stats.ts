/** Medians and timing helpers: every timed figure is the median of several runs. */

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `run` `times` times one after another and returns each run's value. */
export async function repeat<T>(times: number, run: (index: number) => Promise<T>): Promise<T[]> {
  const values: T[] = [];
  for (let index = 0; index < times; index++) values.push(await run(index));
  return values;
}

export async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
export const MB = 1_000_000;
