export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

export const imageExtensions: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
};

export const imageContentTypes: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The image format told by the file's first bytes, whatever its name or declared type. SVG is never an image here. */
export function detectImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = bytes.readUInt32BE(0);
    const brands = ascii(bytes, 8, Math.min(boxSize, 64, bytes.length));
    if (/avi[fs]/.test(brands)) return 'avif';
  }
  return undefined;
}

const contentTypesByExtension: Record<string, string> = Object.fromEntries(
  (Object.keys(imageExtensions) as ImageFormat[]).map((format) => [imageExtensions[format], imageContentTypes[format]]),
);
contentTypesByExtension.jpeg = imageContentTypes.jpeg;

/** The content type of a stored image, told by the extension the server gave its key. */
export function contentTypeForKey(key: string): string {
  return contentTypesByExtension[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
