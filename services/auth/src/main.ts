import { startTelemetry } from '@mcat/service-kit/telemetry';

// Tracing first (only with OTEL_EXPORTER_OTLP_ENDPOINT), then the modules it instruments.
void startTelemetry('auth').then(async () => {
  const { bootstrapService, loadConfig } = await import('@mcat/service-kit');
  const { AppModule } = await import('./app.module.js');
  const { authEnvSchema } = await import('./config.js');
  const config = loadConfig(authEnvSchema);
  await bootstrapService({ module: AppModule.register(config), config, consumeEvents: true });
});
