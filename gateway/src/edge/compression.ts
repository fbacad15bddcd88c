import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves too little to pay for itself. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality 4: close to gzip's speed with smaller output, fit for compressing each answer
 * on the fly (the web app's files come compressed at the highest level from the build).
 */
const BROTLI_QUALITY = 4;

/**
 * A streamed answer (a service's, through the proxy) whose size is known and small is left as
 * it is: @fastify/compress applies its threshold only to answers it holds whole. It skips a
 * request marked `x-no-compression`; the mark is set here, on the gateway's copy of the
 * request's headers, never on what the services receive (the answer has already come back).
 */
function leaveSmallStreamsAlone(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const length = Number(reply.getHeader('content-length'));
  if (Number.isFinite(length) && length < COMPRESSION_THRESHOLD_BYTES) {
    request.headers['x-no-compression'] = '1';
  }
  done(null, payload);
}

/**
 * Compresses the gateway's answers for browsers that accept it: Brotli or gzip (the first the
 * request accepts, in that order), for JSON and text of at least COMPRESSION_THRESHOLD_BYTES,
 * streamed, never buffered whole, with `vary: accept-encoding`. Server-sent events are never
 * compressed (@fastify/compress's types exclude text/event-stream), nor an answer already encoded
 * (the web app's precompressed files). Request bodies are not decompressed: a compressed body
 * reaches the services as sent, where it is refused as not JSON.
 */
export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onSend', leaveSmallStreamsAlone);
  await fastify.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    globalDecompression: false,
  });
}
