-- A visitor of a company site for wrk: one request, then a pause, as a person clicking around (with
-- a browser's Accept-Encoding). Prints the p50 and p95 latency in microseconds when done.
wrk.headers["Accept-Encoding"] = "br, gzip"

function delay()
  return 20
end

function done(summary, latency, requests)
  io.write(string.format("P50_US %d\nP95_US %d\nREQUESTS %d\nERRORS %d\n", latency:percentile(50),
    latency:percentile(95), summary.requests, summary.errors.status + summary.errors.connect +
    summary.errors.read + summary.errors.write + summary.errors.timeout))
end
