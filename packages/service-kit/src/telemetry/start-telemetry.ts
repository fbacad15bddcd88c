/**
 * `@mcat/service-kit/telemetry`: OpenTelemetry for a process of the product, on only when an OTLP
 * endpoint is configured. This file imports nothing else (node:path aside): a main module awaits
 * `startTelemetry` first and imports the rest of the process afterwards, so the instrumentations
 * are in place before the modules they patch (http, @nestjs/core, mongoose, ioredis) are loaded.
 * Without OTEL_EXPORTER_OTLP_ENDPOINT the SDK is never even imported: it costs nothing.
 */
import { extname } from 'node:path';

type OpenTelemetryModule = typeof import('./opentelemetry.js');

/** The variable that turns OpenTelemetry on: the collector's OTLP/HTTP base URL. */
export const OTLP_ENDPOINT_VARIABLE = 'OTEL_EXPORTER_OTLP_ENDPOINT';

export interface Telemetry {
  /** Flushes the spans not yet exported and stops the SDK. */
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK (traces of HTTP, NestJS, mongoose and ioredis, exported over OTLP)
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set, naming the process `service` (OTEL_SERVICE_NAME wins);
 * resolves to null, having loaded nothing, when it is not.
 */
export async function startTelemetry(
  service: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Telemetry | null> {
  if (!env[OTLP_ENDPOINT_VARIABLE]) return null;
  // This file's own extension: `.js` once compiled, `.ts` where the tests run the sources.
  const sdk = (await import(`./opentelemetry${extname(__filename)}`)) as OpenTelemetryModule;
  return sdk.startOpenTelemetry(env.OTEL_SERVICE_NAME || service);
}
