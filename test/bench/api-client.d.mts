// Types of api-client.mjs, for the TypeScript tests that reuse it (test/faults).
import type http from 'node:http';

export const CHUNK: number;

export interface RawAnswer { status: number; headers: http.IncomingHttpHeaders; body: Buffer | null; bytes: number }
export interface Envelope<T = unknown> { status: number; headers: http.IncomingHttpHeaders; meta: { success: boolean; message: string }; data: T; code: number | string }
export interface UploadResult<T = unknown> { file: T; size: number; chunkMs: number; mergeMs: number; totalMs: number; polls: number }

export class ApiClient {
  constructor(port: number, csrfSecret: string);
  port: number;
  cookie: string;
  agent: http.Agent;
  withCsrf(path: string): string;
  request(method: string, path: string, options?: { body?: Buffer; headers?: http.OutgoingHttpHeaders; sink?: (piece: Buffer) => void }): Promise<RawAnswer>;
  json<T = unknown>(method: string, path: string, payload?: unknown): Promise<Envelope<T>>;
  login(userName: string, password: string): Promise<void>;
  sendChunk(guid: string, index: number, total: number, data: Buffer): Promise<void>;
  upload<T = unknown>(filePath: string, fileName: string, options?: { threads?: number; pollMs?: number; timeoutMs?: number }): Promise<UploadResult<T>>;
  close(): void;
}

export function signedInClient(port: number, csrfSecret: string, account: string, password: string, sockets: number): Promise<ApiClient>;
