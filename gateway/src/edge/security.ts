import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import {
  ANKI_EXPORT_COUNT_HEADER,
  ANKI_EXPORT_ID_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@mcat/contracts';
import { REQUEST_ID_HEADER } from '@mcat/service-kit/core';
import { helmetHeaders } from './helmet-headers';

export interface SecurityOptions {
  /** Origins allowed cross-origin; empty means same-origin only (no CORS headers at all). */
  corsOrigins: readonly string[];
  /** The public URL: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
}

const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/**
 * The web app's two inline scripts (frontend/index.html): the one that sets the colour scheme
 * before the first paint, and the one that fills or empties the dashboard's signed-in shell.
 * Admitted by their hashes and nothing else inline. gateway/test/inline-scripts.spec.ts fails when
 * a script and its hash (or nginx.conf's copy) part.
 */
export const COLOR_SCHEME_SCRIPT_HASH = "'sha256-Yto8CMFVYV+YPUm7ssS+BGDHxk9HXs1bZuaBaYVJQeI='";
export const SIGNED_IN_SHELL_SCRIPT_HASH = "'sha256-T4bqLaEno0qSObPtS1S3JOpDw9Lz73gnIBOexKGSrww='";

/**
 * Security headers on every answer (helmet) with a CSP that admits the web app itself, Stripe.js
 * and Stripe's frames; CORS only for the configured origins; `x-request-id` echoed.
 */
export async function registerSecurity(
  fastify: FastifyInstance,
  options: SecurityOptions,
): Promise<void> {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", COLOR_SCHEME_SCRIPT_HASH, SIGNED_IN_SHELL_SCRIPT_HASH, ...STRIPE_JS],
        // MUI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: [...STRIPE_JS, 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Stripe's 3-D Secure frames and popups do not send the headers COEP would require.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  if (options.corsOrigins.length > 0) {
    await fastify.register(cors, {
      origin: [...options.corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', REQUEST_ID_HEADER, IDEMPOTENCY_KEY_HEADER],
      exposedHeaders: [
        REQUEST_ID_HEADER,
        'content-disposition',
        IDEMPOTENT_REPLAYED_HEADER,
        ANKI_EXPORT_ID_HEADER,
        ANKI_EXPORT_COUNT_HEADER,
      ],
      maxAge: 600,
    });
  }
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(securityHeaders).header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
