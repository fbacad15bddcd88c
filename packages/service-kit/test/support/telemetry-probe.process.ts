/**
 * A minimal HTTP process of the kit for the telemetry tests, started as a real process (with
 * `node -r ./packages/service-kit/test/support/ts-register.cjs`): it starts telemetry first, as a
 * service's main module does, then boots through `bootstrapHttp` on a port the system picks. `GET /trace`
 * answers the request's trace context. It prints `ready <base URL> <OpenTelemetry SDK modules
 * loaded>` once it listens.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTelemetry } from '../../src/telemetry/start-telemetry';

void startTelemetry('telemetry-probe').then(async () => {
  const { Controller, Get, Module } = await import('@nestjs/common');
  const kit = await import('@mcat/service-kit/core');

  @Controller('trace')
  class TraceController {
    @Get()
    trace(): unknown {
      return kit.currentTrace() ?? null;
    }
  }

  @Module({
    imports: [kit.loggingModule('telemetry-probe', 'silent')],
    controllers: [TraceController],
    providers: [kit.Metrics],
  })
  class ProbeModule {}

  const app = await kit.bootstrapHttp({
    module: { module: ProbeModule },
    config: { HOST: '127.0.0.1', PORT: 0, INTERNAL_API_TOKEN: 'x'.repeat(40) },
  });
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  const sdkModules = Object.keys(require.cache).filter((file) =>
    /@opentelemetry[\\/](sdk-node|instrumentation-http|exporter-trace)/.test(file),
  ).length;
  process.stdout.write(`ready http://127.0.0.1:${port} ${sdkModules}\n`);
});
