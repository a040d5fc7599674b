import { type Metric, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteLatencyHistogram } from './route-latency.ts';

describe('RouteLatencyHistogram', () => {
  it('exposes cumulative buckets, sum and count per route, method and status in Prometheus text', async () => {
    const h = new RouteLatencyHistogram('req_seconds', 'Request time', [0.01, 0.1]);
    const registry = new Registry();
    registry.registerMetric(h as unknown as Metric);
    h.observe('/a/:id', 'GET', 200, 0.005);
    h.observe('/a/:id', 'GET', 200, 0.01);
    h.observe('/a/:id', 'GET', 200, 0.05);
    h.observe('/a/:id', 'GET', 200, 3);
    h.observe('/a/:id', 'GET', 404, 0.002);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE req_seconds histogram');
    const labels = 'method="GET",route="/a/:id",status="200"';
    expect(text).toContain(`req_seconds_bucket{${labels},le="0.01"} 2`);
    expect(text).toContain(`req_seconds_bucket{${labels},le="0.1"} 3`);
    expect(text).toContain(`req_seconds_bucket{${labels},le="+Inf"} 4`);
    expect(text).toContain(`req_seconds_sum{${labels}} 3.065`);
    expect(text).toContain(`req_seconds_count{${labels}} 4`);
    expect(text).toContain('req_seconds_count{method="GET",route="/a/:id",status="404"} 1');
  });
});
