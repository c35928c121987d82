import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips) takes a while to load, and only pictures use it: loaded by the first of them rather
 * than at start. Its operation cache is off (no picture is read twice, and the cache would keep up to
 * 50 MB of decoded pixels per process) and each picture is worked on by one thread: the pool in
 * pool.ts decides how many run at once, so memory follows the pool and not the machine's cores.
 * Only pictures/ loads it: every decode goes through withPicture.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
