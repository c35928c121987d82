// The parser SillyTavern uses, measured beside core/card in bench/codec.ts; neither ships types.
declare module 'png-chunks-extract' {
  function extractChunks(data: Uint8Array): { name: string; data: Uint8Array }[];
  export default extractChunks;
}
declare module 'png-chunk-text' {
  export function decode(data: Uint8Array): { keyword: string; text: string };
  export function encode(keyword: string, text: string): { name: string; data: Uint8Array };
}
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p99: number;
    p50: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    pipelining?: number;
    headers?: Record<string, string>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
