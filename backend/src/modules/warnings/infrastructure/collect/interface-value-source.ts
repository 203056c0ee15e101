import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { INTERFACE_DEFAULT_TIMEOUT_MS, SOURCE_LIMITS } from '@zhengai/contracts';
import { CollectionError, ValueSource, type CollectedValue, type CollectTarget, type SourceSpec } from '../../application/ports/value-source.port.js';
import { isJsonPath, readJsonPath } from '../../domain/json-path.js';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config.js';
import { AllowedHosts, guardedGet } from './guarded-get.js';
import { toSampleValue } from './sample-value.js';

export { INTERFACE_DEFAULT_TIMEOUT_MS };
export const INTERFACE_MAX_TIMEOUT_MS = SOURCE_LIMITS.maxTimeoutMs;
/** The largest answer read, in bytes. */
export const INTERFACE_MAX_BYTES = 1024 * 1024;
/** Detail rows kept, as for SQL sources. */
const MAX_ROWS = 1000;

export interface InterfaceConfig {
  url: URL;
  valuePath: string;
  rowsPath: string | null;
  timeoutMs: number;
}

const seconds = (ms: number) => String(ms / 1000);

/** Reads and checks `{ url, valuePath, rowsPath?, timeoutMs? }`; a bad config is refused with what to fix. */
export function interfaceConfig(config: Record<string, unknown> | null): InterfaceConfig {
  const { url, valuePath, rowsPath, timeoutMs } = config ?? {};
  const parsed = typeof url === 'string' && URL.canParse(url.trim()) ? new URL(url.trim()) : null;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw new CollectionError('接口地址必须是 http(s) 地址');
  if (typeof valuePath !== 'string' || !isJsonPath(valuePath.trim())) throw new CollectionError('接口取值路径不正确（例如 data.value）');
  if (rowsPath !== undefined && rowsPath !== null && rowsPath !== '' && (typeof rowsPath !== 'string' || !isJsonPath(rowsPath.trim()))) {
    throw new CollectionError('接口明细路径不正确（例如 data.rows）');
  }
  const ms = timeoutMs === undefined || timeoutMs === null || timeoutMs === '' ? INTERFACE_DEFAULT_TIMEOUT_MS : Number(timeoutMs);
  if (!Number.isInteger(ms) || ms < 1 || ms > INTERFACE_MAX_TIMEOUT_MS) {
    throw new CollectionError(`接口超时时间必须是 1 到 ${INTERFACE_MAX_TIMEOUT_MS} 毫秒`);
  }
  return { url: parsed, valuePath: valuePath.trim(), rowsPath: typeof rowsPath === 'string' && rowsPath.trim() ? rowsPath.trim() : null, timeoutMs: ms };
}

const tooLarge = () => new CollectionError(`接口返回的数据超过 ${INTERFACE_MAX_BYTES / 1024 / 1024}MB`);

/** The body, read as it comes and given up past INTERFACE_MAX_BYTES (a Content-Length saying more is refused at once). */
async function cappedBody(response: IncomingMessage, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? NaN);
  if (declared > INTERFACE_MAX_BYTES) {
    response.destroy();
    throw tooLarge();
  }
  // A body that stalls ends with the exchange's timeout.
  const stop = () => response.destroy(new Error('aborted'));
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > INTERFACE_MAX_BYTES) {
        response.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return Buffer.concat(chunks);
}

function asRows(raw: unknown, path: string): Array<Record<string, unknown>> {
  if (!Array.isArray(raw)) throw new CollectionError(`接口返回的 ${path} 不是数组`);
  return raw
    .slice(0, MAX_ROWS)
    .map((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : { value: item }));
}

/**
 * cjfs 'interface': an HTTP(S) GET answering JSON; the value at valuePath, the array at rowsPath as detail.
 * The whole exchange (connect, headers, body) is bounded by timeoutMs and the body by 1 MB. Only public addresses are
 * reached, redirects included, unless COLLECT_ALLOWED_HOSTS names the host (guarded-get.ts).
 */
@Injectable()
export class InterfaceValueSource extends ValueSource {
  readonly method = 'interface' as const;
  private readonly allowed: AllowedHosts;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.allowed = new AllowedHosts(config.collectAllowedHosts);
  }

  async collect(source: SourceSpec, _target: CollectTarget): Promise<CollectedValue> {
    const config = interfaceConfig(source.config);
    const signal = AbortSignal.timeout(config.timeoutMs);
    let body: Buffer;
    try {
      const response = await guardedGet(config.url, signal, this.allowed);
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new CollectionError(`接口返回 HTTP ${String(status)}`);
      }
      body = await cappedBody(response, signal);
    } catch (e) {
      if (e instanceof CollectionError) throw e;
      if (signal.aborted) throw new CollectionError(`接口超过 ${seconds(config.timeoutMs)} 秒未响应`);
      const { code, message } = e as { code?: string; message?: string };
      throw new CollectionError(`接口无法访问：${code ?? message ?? String(e)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new CollectionError('接口返回的不是 JSON');
    }
    const value = toSampleValue(readJsonPath(json, config.valuePath), `接口返回的 ${config.valuePath} `);
    const rows = config.rowsPath === null ? undefined : readJsonPath(json, config.rowsPath);
    return { value, detail: rows === undefined || rows === null ? null : asRows(rows, config.rowsPath!) };
  }
}
