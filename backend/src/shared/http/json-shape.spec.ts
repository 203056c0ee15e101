import { AppError } from '../errors/app-error.js';
import { checkJsonShape, JSON_MAX_DEPTH, JSON_MAX_ITEMS } from './json-shape.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const refusal = (text: string): string | null => {
  try {
    checkJsonShape(bytes(text));
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
};

describe('checkJsonShape', () => {
  it('lets ordinary bodies through, up to the limits', () => {
    expect(refusal('{"a":[1,{"b":"c"}],"d":null}')).toBeNull();
    expect(refusal('['.repeat(JSON_MAX_DEPTH) + ']'.repeat(JSON_MAX_DEPTH))).toBeNull();
    expect(refusal(`[${'0,'.repeat(JSON_MAX_ITEMS - 1)}0]`)).toBeNull();
  });

  it('refuses one level too deep, arrays or objects', () => {
    expect(refusal('['.repeat(JSON_MAX_DEPTH + 1) + ']'.repeat(JSON_MAX_DEPTH + 1))).toBe('请求数据层级过深');
    expect(refusal('{"a":'.repeat(JSON_MAX_DEPTH + 1) + '1' + '}'.repeat(JSON_MAX_DEPTH + 1))).toBe('请求数据层级过深');
  });

  it('refuses one item too many', () => {
    expect(refusal(`[${'0,'.repeat(JSON_MAX_ITEMS)}0]`)).toBe('请求数据项过多');
  });

  it('skips brackets, commas and escaped quotes inside strings, and multi-byte text', () => {
    expect(refusal(JSON.stringify({ a: '[{'.repeat(100) + ',\\"'.repeat(JSON_MAX_ITEMS), b: '诊改'.repeat(10) }))).toBeNull();
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(refusal(`["\\"${'['.repeat(JSON_MAX_DEPTH + 1)}"]`)).toBeNull();
  });

  it('refuses 400,000 nested arrays at the first bracket past the limit, reading no further', () => {
    // Counted, not timed (a bound in milliseconds failed on a loaded machine): the bytes read are the work done.
    const body = bytes('['.repeat(400_000) + ']'.repeat(400_000));
    let reads = 0;
    const counted = new Proxy(body, {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    expect(() => checkJsonShape(counted)).toThrow('请求数据层级过深');
    expect(reads).toBe(JSON_MAX_DEPTH + 1);
  });
});
