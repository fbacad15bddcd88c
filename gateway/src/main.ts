import { startTelemetry } from '@mcat/service-kit/telemetry';

// Tracing first (only with OTEL_EXPORTER_OTLP_ENDPOINT), then the modules it instruments.
void startTelemetry('gateway').then(async () => {
  const { loadConfig } = await import('@mcat/service-kit/core');
  const { gatewayEnvSchema } = await import('./config.js');
  const { startGateway } = await import('./gateway.js');
  await startGateway(loadConfig(gatewayEnvSchema));
});
