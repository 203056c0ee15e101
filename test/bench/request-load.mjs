// The benchmarks' read load: one route asked `total` times, `concurrency` requests at a time, on one client.

/**
 * `total` GET requests of `pathOf(k)`, `concurrency` at a time: every request's time, the wall time, the rate, and
 * the `data.total` of a list's answer (-1 when none answered). Any refused request fails the run, after the others.
 */
export async function load(api, pathOf, total, concurrency) {
  const times = [];
  let next = 0;
  let failures = 0;
  let firstFailure = null;
  let records = -1;
  const worker = async () => {
    for (let i = 0; i < total && next < total; i++) {
      const k = next++;
      const started = performance.now();
      const res = await api.json('GET', pathOf(k));
      times.push(performance.now() - started);
      if (res.status !== 200 || !res.meta?.success) {
        failures += 1;
        firstFailure ??= `HTTP ${res.status} ${JSON.stringify(res.meta)}`;
      } else {
        records = res.data?.total ?? records;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - started;
  if (failures > 0) throw new Error(`${failures} of ${total} requests failed, the first: ${firstFailure}`);
  return { times, wallMs, rps: (total / wallMs) * 1000, total: records };
}
