// Canvas image compression (spec 000 §8, §9): aim at a size in KB by searching the encoder quality,
// and never hand back something bigger than what came in.

export type CanvasImageType = 'image/png' | 'image/jpeg' | 'image/gif';

export interface CompressOptions {
  /** target size in KB; a file already at or under it is returned untouched */
  size: number;
  /** how close to the target is close enough, 0.8–0.99 (default 0.95) */
  accuracy?: number;
  /** scale of the picture's sides, above 0 and at most 10 (default 1) */
  scale?: number;
  /** output type (default JPEG: the only common type whose size follows the quality) */
  type?: CanvasImageType;
}

export const QUALITY_START = 0.5;
export const QUALITY_ITERATIONS = 7;
export const DEFAULT_ACCURACY = 0.95;

/** Bytes a base64 data URL decodes to (close enough to choose between candidates). */
export function dataUrlBytes(dataUrl: string): number {
  return dataUrl.length * 0.75;
}

export interface SizeWindow {
  min: number;
  max: number;
  target: number;
}

/** Acceptable bytes around `sizeKb`: from size × accuracy to size × (2 − accuracy). */
export function sizeWindow(sizeKb: number, accuracy = DEFAULT_ACCURACY): SizeWindow {
  const a = Math.min(0.99, Math.max(0.8, accuracy));
  const target = sizeKb * 1024;
  return { min: target * a, max: target * (2 - a), target };
}

/**
 * Bisects the quality from 0.5 for at most seven encodings. Stops at the first result inside the
 * window; after the seventh, the candidate closest to the target wins.
 */
export async function searchQuality(encode: (quality: number) => Promise<string>, window: SizeWindow): Promise<string> {
  let quality = QUALITY_START;
  let tooSmall: string | null = null;
  let tooBig: string | null = null;
  for (let i = 1; i <= QUALITY_ITERATIONS; i++) {
    const result = await encode(quality);
    const bytes = dataUrlBytes(result);
    if (bytes >= window.min && bytes <= window.max) return result;
    if (i === QUALITY_ITERATIONS) {
      return [result, tooSmall, tooBig]
        .filter((c): c is string => c !== null)
        .sort((a, b) => Math.abs(dataUrlBytes(a) - window.target) - Math.abs(dataUrlBytes(b) - window.target))[0];
    }
    if (bytes > window.max) {
      tooBig = result;
      quality -= 0.5 ** (i + 1);
    } else {
      tooSmall = result;
      quality += 0.5 ** (i + 1);
    }
  }
  throw new Error('unreachable');
}

const DATA_URL = /^data:([^;,]+)(;[^,]*)?;base64,([A-Za-z0-9+/=\s]*)$/;

/** A data URL as a Blob; anything else is an error. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = typeof dataUrl === 'string' ? DATA_URL.exec(dataUrl) : null;
  if (!match) throw new Error('dataUrlToBlob(): the argument is not a legal base64 data URL.');
  const binary = atob(match[3].replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: match[1] });
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  if (!(blob instanceof Blob)) return Promise.reject(new Error('blobToDataUrl(): the argument must be a Blob or a File.'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    // the personal center shows this text: the reader's own error is in English
    reader.onerror = () => reject(new Error('无法读取该文件'));
    reader.readAsDataURL(blob);
  });
}

function loadImage(blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('无法识别该图片，请换一张'));
    };
    image.src = url;
  });
}

/** Compresses `file` towards `options.size` KB in a canvas; resolves the original when that is smaller. */
export async function compressImage(file: Blob, options: CompressOptions): Promise<Blob> {
  if (!(file instanceof Blob)) throw new Error('compressImage(): the first argument must be a Blob or a File.');
  if (!(options.size > 0) || file.size <= options.size * 1024) return file;
  const scale = Math.min(10, Math.max(Number.EPSILON, options.scale ?? 1));
  const type = options.type ?? 'image/jpeg';

  const image = await loadImage(file);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('当前浏览器不支持压缩图片');
  if (type === 'image/jpeg') {
    // JPEG has no transparency: transparent pixels would turn black
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(image, 0, 0, canvas.width, canvas.height);

  const best = await searchQuality(async (quality) => canvas.toDataURL(type, quality), sizeWindow(options.size, options.accuracy));
  const compressed = dataUrlToBlob(best);
  return compressed.size > file.size ? file : compressed;
}
