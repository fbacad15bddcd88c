import { startTelemetry } from '@mcat/service-kit/telemetry';

// Tracing first (only with OTEL_EXPORTER_OTLP_ENDPOINT), then the modules it instruments.
void startTelemetry('billing').then(async () => {
  const { bootstrapService, loadConfig } = await import('@mcat/service-kit');
  const { billingBootstrapOptions } = await import('./billing.bootstrap.js');
  const { billingEnvSchema } = await import('./config.js');
  await bootstrapService(billingBootstrapOptions(loadConfig(billingEnvSchema)));
});
