import { useState } from 'react';

interface CoverImageProps {
  src: string;
  alt?: string;
  className?: string;
}

/** A post's cover, or a neutral placeholder when it has none or it fails to load. */
export function CoverImage({ src, alt = '', className = 'thumbnail' }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span className={`${className} thumbnail--placeholder`} role="img" aria-label={alt ? `${alt} (no image)` : 'No image'} />
    );
  }
  return <img className={className} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailedSrc(src)} />;
}
