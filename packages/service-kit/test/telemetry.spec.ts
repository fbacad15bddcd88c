/**
 * OpenTelemetry costs nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set (the SDK is not even
 * loaded), and when it is set, a request's spans reach the collector with the same trace id and
 * span id as the request's trace context (what its log lines carry). A kit process runs as its
 * own process against a small OTLP/HTTP collector of the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { waitFor } from './support/wait-for';

// A process boots in seconds on a loaded 2-core machine.
jest.setTimeout(90_000);

const TRACE_ID = '5bd66ef5095369c7b0d1f8f4bd33716a';
const PARENT_ID = 'c532cb4098ac3dd2';

interface Probe {
  child: ChildProcess;
  baseUrl: string;
  sdkModules: number;
}

function startProbe(env: NodeJS.ProcessEnv): Promise<Probe> {
  const support = path.join(__dirname, 'support');
  const child = spawn(
    process.execPath,
    ['-r', path.join(support, 'ts-register.cjs'), path.join(support, 'telemetry-probe.process.ts')],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = /^ready (\S+) (\d+)$/m.exec(stdout);
      if (ready?.[1]) resolve({ child, baseUrl: ready[1], sdkModules: Number(ready[2]) });
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready: ${stderr}`)));
  });
}

describe('OpenTelemetry', () => {
  const running: ChildProcess[] = [];
  let collector: Server;
  let collectorUrl: string;
  const exports: { path: string; body: Buffer }[] = [];

  beforeAll(async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        exports.push({ path: request.url ?? '', body: Buffer.concat(chunks) });
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await new Promise((resolve) => collector.close(resolve));
  });

  it('is not even loaded when OTEL_EXPORTER_OTLP_ENDPOINT is unset, and requests still get a trace', async () => {
    const probe = await startProbe({ OTEL_EXPORTER_OTLP_ENDPOINT: '' });
    running.push(probe.child);
    expect(probe.sdkModules).toBe(0);
    const context = (await (
      await fetch(`${probe.baseUrl}/trace`, {
        headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
      })
    ).json()) as { traceId: string };
    expect(context.traceId).toBe(TRACE_ID);
  });

  it("exports a request's spans to the collector under the ids its trace context (and so its logs) carry", async () => {
    const probe = await startProbe({
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    running.push(probe.child);
    expect(probe.sdkModules).toBeGreaterThan(0);

    const context = (await (
      await fetch(`${probe.baseUrl}/trace`, {
        headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
      })
    ).json()) as { traceId: string; spanId: string };
    expect(context.traceId).toBe(TRACE_ID);
    expect(context.spanId).not.toBe(PARENT_ID);

    // OTLP/HTTP protobuf carries ids as raw bytes.
    const exported = await waitFor('the span to be exported', async () =>
      exports.find(
        ({ path: url, body }) =>
          url === '/v1/traces' &&
          body.includes(Buffer.from(TRACE_ID, 'hex')) &&
          body.includes(Buffer.from(context.spanId, 'hex')),
      ),
    );
    expect(exported.body.includes(Buffer.from(PARENT_ID, 'hex'))).toBe(true);
    expect(exported.body.includes(Buffer.from('telemetry-probe'))).toBe(true);
  });
});
