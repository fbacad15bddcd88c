import { startTelemetry } from '@mcat/service-kit/telemetry';

// Tracing first (only with OTEL_EXPORTER_OTLP_ENDPOINT), then the modules it instruments.
void startTelemetry('tests').then(async () => {
  const { loadConfig } = await import('@mcat/service-kit');
  const { testsEnvSchema } = await import('./config.js');
  const { startTestsService } = await import('./start.js');
  await startTestsService(loadConfig(testsEnvSchema));
});
