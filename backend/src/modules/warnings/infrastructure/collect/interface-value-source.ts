import { Injectable } from '@nestjs/common';
import { INTERFACE_DEFAULT_TIMEOUT_MS, SOURCE_LIMITS } from '@zhengai/contracts';
import { CollectionError, ValueSource, type CollectedValue, type CollectTarget, type SourceSpec } from '../../application/ports/value-source.port.js';
import { isJsonPath, readJsonPath } from '../../domain/json-path.js';
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
async function cappedBody(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > INTERFACE_MAX_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > INTERFACE_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
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
 * The whole exchange (connect, headers, body) is bounded by timeoutMs and the body by 1 MB.
 */
@Injectable()
export class InterfaceValueSource extends ValueSource {
  readonly method = 'interface' as const;

  async collect(source: SourceSpec, _target: CollectTarget): Promise<CollectedValue> {
    const config = interfaceConfig(source.config);
    const signal = AbortSignal.timeout(config.timeoutMs);
    let body: Buffer;
    try {
      const response = await fetch(config.url, { signal, headers: { accept: 'application/json' } });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new CollectionError(`接口返回 HTTP ${response.status}`);
      }
      body = await cappedBody(response);
    } catch (e) {
      if (e instanceof CollectionError) throw e;
      if (signal.aborted) throw new CollectionError(`接口超过 ${seconds(config.timeoutMs)} 秒未响应`);
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw new CollectionError(`接口无法访问：${cause?.code ?? cause?.message ?? (e as Error).message}`);
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
