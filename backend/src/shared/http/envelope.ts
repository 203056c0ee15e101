import { SUCCESS_CODE, type Envelope, type Page } from '@zhengai/contracts';

// The wire shape of every answer and the spec's paged list (spec 000 §7) are the contract's.
export { SUCCESS_CODE, type Envelope };
export type Paged<T> = Page<T>;

/** A handler result that carries a message for meta.message (for example 导入成功！). */
export class WithMessage<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

export function success<T>(data: T, message = ''): Envelope<T> {
  return { meta: { success: true, message }, data, code: SUCCESS_CODE };
}

export function failure(message: string, code: number, data: unknown = null): Envelope<unknown> {
  return { meta: { success: false, message }, data, code };
}

export function paged<T>(records: T[], total: number, current: number, size: number): Paged<T> {
  return { records, total, current, pages: size > 0 ? Math.ceil(total / size) : total > 0 ? 1 : 0 };
}
