import { startTelemetry } from '@mcat/service-kit/telemetry';

// Tracing first (only with OTEL_EXPORTER_OTLP_ENDPOINT), then the modules it instruments.
void startTelemetry('questions').then(async () => {
  const { loadConfig } = await import('@mcat/service-kit');
  const { questionsEnvSchema } = await import('./config.js');
  const { startQuestionsService } = await import('./start.js');
  await startQuestionsService(loadConfig(questionsEnvSchema));
});
