/** @jest-environment @happy-dom/jest-environment */
import { describe, expect, it } from '@jest/globals';
import { blobToDataUrl, compressImage, dataUrlToBlob, searchQuality, sizeWindow } from './image-compress';

/** A data URL of about `bytes` decoded bytes. */
const ofBytes = (bytes: number) => `data:image/jpeg;base64,${'A'.repeat(Math.round(bytes / 0.75) - 'data:image/jpeg;base64,'.length)}`;

describe('sizeWindow', () => {
  it('spans size × accuracy to size × (2 − accuracy), accuracy held in 0.8–0.99', () => {
    expect(sizeWindow(200)).toEqual({ min: 200 * 1024 * 0.95, max: 200 * 1024 * 1.05, target: 204800 });
    expect(sizeWindow(100, 0.5).min).toBeCloseTo(100 * 1024 * 0.8);
    expect(sizeWindow(100, 1).max).toBeCloseTo(100 * 1024 * 1.01);
  });
});

describe('searchQuality', () => {
  it('starts at 0.5 and bisects until the result is inside the window', async () => {
    const tried: number[] = [];
    // size grows linearly with quality: 400 KB at quality 1
    const result = await searchQuality(async (q) => {
      tried.push(q);
      return ofBytes(q * 400 * 1024);
    }, sizeWindow(200));
    expect(tried).toEqual([0.5]);
    expect(result.length).toBeGreaterThan(0);

    tried.length = 0;
    await searchQuality(async (q) => {
      tried.push(q);
      return ofBytes(q * 1000 * 1024);
    }, sizeWindow(200));
    expect(tried.slice(0, 3)).toEqual([0.5, 0.25, 0.125]);
    expect(tried.at(-1)! * 1000).toBeGreaterThanOrEqual(190);
  });

  it('gives up after seven encodings with the candidate closest to the target', async () => {
    const tried: number[] = [];
    // nothing ever fits: every quality gives 150 KB or 300 KB
    const result = await searchQuality(async (q) => {
      tried.push(q);
      return ofBytes((q > 0.3 ? 300 : 150) * 1024);
    }, sizeWindow(200));
    expect(tried).toHaveLength(7);
    expect(Math.round((result.length * 0.75) / 1024)).toBe(150);
  });
});

describe('dataUrlToBlob', () => {
  it('decodes a base64 data URL', async () => {
    const blob = dataUrlToBlob('data:image/png;base64,aGVsbG8=');
    expect(blob.type).toBe('image/png');
    expect(await blob.text()).toBe('hello');
    expect(await blobToDataUrl(blob)).toBe('data:image/png;base64,aGVsbG8=');
  });
  it.each(['', 'hello', 'data:image/png,plain', 'data:;base64,aGVsbG8=', 'data:image/png;base64,%%%'])('refuses %p', (value) => {
    expect(() => dataUrlToBlob(value)).toThrow('not a legal base64 data URL');
  });
});

describe('compressImage', () => {
  it('refuses anything but a Blob or File', async () => {
    await expect(compressImage('x' as unknown as Blob, { size: 200 })).rejects.toThrow('must be a Blob or a File');
  });
  it('returns a file already under the target untouched', async () => {
    const small = new Blob(['x'.repeat(1000)], { type: 'image/png' });
    expect(await compressImage(small, { size: 200 })).toBe(small);
  });
});
