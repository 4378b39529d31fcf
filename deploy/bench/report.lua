-- wrk script: one JSON line at the end with the counts and the latency percentiles (ms).
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests": %d, "seconds": %.4f, "errors": %d, "bad_status": %d, "bytes": %d, "p50": %.3f, "p95": %.3f, "p99": %.3f}\n',
    summary.requests, summary.duration / 1e6, e.connect + e.read + e.write + e.timeout, e.status, summary.bytes,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
