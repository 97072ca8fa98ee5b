// One autocannon run, reduced to the numbers the report prints.
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  requests: autocannon.Request[];
  connections: number;
  /** Seconds; or use `amount`. */
  duration?: number;
  amount?: number;
}

export interface Measurement {
  /** 2xx responses per second. */
  rps: number;
  /** Latency of 2xx responses, in ms. */
  p50: number;
  p99: number;
  ok: number;
  /** Non-2xx responses plus socket errors (autocannon counts timeouts among the errors). */
  failed: number;
  /** e.g. { 201: 41000 } */
  statusCodes: Record<string, number>;
  /** From the start to the last response. */
  seconds: number;
}

export async function runLoad(options: LoadOptions): Promise<Measurement> {
  const latencies: number[] = [];
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    requests: options.requests,
    timeout: 10,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
  });
  // autocannon's own histogram has 1 ms resolution; keep the exact times of the successful responses.
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    lastResponseAt = performance.now();
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  const result = await instance;
  // autocannon only notices the end at its next 1 s tick, which would understate the rate of an `amount` run.
  const seconds = (lastResponseAt - startedAt) / 1000;

  const sorted = Float64Array.from(latencies).sort();
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  return {
    rps: result['2xx'] / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    ok: result['2xx'],
    failed: result.non2xx + result.errors,
    statusCodes,
    seconds,
  };
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}
