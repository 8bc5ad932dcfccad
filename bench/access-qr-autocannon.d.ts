// The few autocannon options and results the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Request {
    body?: string;
    [key: string]: unknown;
  }
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: Request) => Request }[];
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    errors: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    export type { Result };
  }
  export default autocannon;
}
