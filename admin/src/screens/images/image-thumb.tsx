// One archive image as a thumbnail: the WebP variants in a srcset so the browser picks a small one,
// width and height so the grid does not jump, lazy so a full archive does not load at once.
import type { ImageJson } from './images-api';

export function ImageThumb({
  image,
  sizes = '(min-width: 700px) 240px, 50vw',
  alt = '',
}: {
  image: ImageJson;
  sizes?: string;
  alt?: string;
}) {
  const srcSet = image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
  return (
    <img
      className="image-thumb"
      src={image.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}
