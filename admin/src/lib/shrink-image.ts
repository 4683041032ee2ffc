const maxSide = 1600;
const maxBytes = 1024 * 1024;
const shrinkable = ['image/jpeg', 'image/png', 'image/webp'];

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The image could not be read'));
    };
    image.src = url;
  });
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.85));
}

/**
 * Phone photos are often 4000 px and several MB, which is slow to upload on a mobile connection
 * and far more than a cover image needs: those are redrawn at most 1600 px wide or tall, as WebP
 * (JPEG where the browser cannot encode WebP). GIFs keep their animation and are sent as they are.
 */
export async function shrinkImage(file: File): Promise<File> {
  if (!shrinkable.includes(file.type)) return file;
  let image: HTMLImageElement;
  try {
    image = await loadImage(file);
  } catch {
    return file;
  }
  const longest = Math.max(image.naturalWidth, image.naturalHeight);
  if (longest <= maxSide && file.size <= maxBytes) return file;

  const scale = Math.min(1, maxSide / longest);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.naturalWidth * scale);
  canvas.height = Math.round(image.naturalHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);

  // Browsers that cannot encode WebP silently return PNG, which would be larger than the original.
  let blob = await toBlob(canvas, 'image/webp');
  if (blob?.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg');
  if (!blob || blob.size >= file.size) return file;

  const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'image'}.${extension}`;
  return new File([blob], name, { type: blob.type, lastModified: Date.now() });
}
