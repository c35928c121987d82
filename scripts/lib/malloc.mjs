// @ts-check
/**
 * glibc's allocator keeps what libvips frees after decoding a picture in its heaps (hundreds of MB
 * after a dozen large GIFs, never given back) unless blocks of 64 KiB and more are mapped on their
 * own, which returns them to the system when freed. glibc reads the setting when a process starts.
 */
export const MALLOC_SETTING = 'MALLOC_MMAP_THRESHOLD_';
export const MALLOC_MMAP_THRESHOLD = '65536';
