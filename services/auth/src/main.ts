import { startTelemetry } from '@mcat/service-kit/telemetry';

// Tracing first (only with OTEL_EXPORTER_OTLP_ENDPOINT), then the modules it instruments.
void startTelemetry('auth').then(async () => {
  const { loadConfig } = await import('@mcat/service-kit');
  const { startAuthService } = await import('./start.js');
  const { authEnvSchema } = await import('./config.js');
  await startAuthService(loadConfig(authEnvSchema));
});
