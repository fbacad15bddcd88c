/**
 * An HTTP client of the gateway that connects from its own loopback address (127.x.y.z), so each
 * client is a distinct caller for the auth service's per-IP rate limits: the system tests neither
 * use up nor depend on the budget of the browser suite, which calls from 127.0.0.1.
 */
import { randomInt } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { systemEnv } from './system-env';

export interface GatewayResponse<T> {
  status: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the text when the answer is not JSON or is encoded (see `raw`). */
  body: T;
  raw: Buffer;
}

export interface RequestOptions {
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (with its content type in `headers`). */
  payload?: Buffer;
  headers?: Record<string, string>;
}

/** A file sent in a multipart/form-data body. */
export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

const randomLoopbackAddress = (): string =>
  `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

function parseBody(raw: Buffer, headers: IncomingHttpHeaders): unknown {
  const text = raw.toString('utf8');
  if (headers['content-encoding'] !== undefined) return text;
  if (!String(headers['content-type'] ?? '').includes('application/json')) return text;
  return text === '' ? null : (JSON.parse(text) as unknown);
}

export class GatewayClient {
  private readonly base: URL;

  constructor(
    baseUrl: string = systemEnv.baseUrl,
    readonly sourceAddress: string = randomLoopbackAddress(),
  ) {
    this.base = new URL(baseUrl);
  }

  request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<GatewayResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let payload = options.payload;
    if (options.json !== undefined) {
      payload = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    }
    if (payload) headers['content-length'] = String(payload.length);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: this.base.hostname,
          port: this.base.port,
          localAddress: this.sourceAddress,
          method,
          path,
          headers,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const raw = Buffer.concat(chunks);
            try {
              resolve({
                status: incoming.statusCode ?? 0,
                headers: incoming.headers,
                body: parseBody(raw, incoming.headers) as T,
                raw,
              });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  get<T = unknown>(path: string, token?: string): Promise<GatewayResponse<T>> {
    return this.request<T>('GET', path, token ? { token } : {});
  }

  post<T = unknown>(path: string, json: unknown, token?: string): Promise<GatewayResponse<T>> {
    return this.request<T>('POST', path, { json, ...(token ? { token } : {}) });
  }

  put<T = unknown>(path: string, json: unknown, token?: string): Promise<GatewayResponse<T>> {
    return this.request<T>('PUT', path, { json, ...(token ? { token } : {}) });
  }

  delete<T = unknown>(path: string, token?: string): Promise<GatewayResponse<T>> {
    return this.request<T>('DELETE', path, token ? { token } : {});
  }

  /** POST multipart/form-data with one file. */
  upload<T = unknown>(
    path: string,
    file: UploadedFile,
    token: string,
  ): Promise<GatewayResponse<T>> {
    const boundary = `----system-test-${randomInt(1e9)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.request<T>('POST', path, {
      token,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }
}
