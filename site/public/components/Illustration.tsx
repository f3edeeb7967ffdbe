/** One of the site's own illustrations: decorative (empty alt) unless given alt text; sized so nothing shifts. */
import type { SiteImage } from '../../lib/images';

interface IllustrationProps {
  image: SiteImage;
  className?: string;
  alt?: string;
  /** The home page's image is above the fold: load it at once. */
  eager?: boolean;
}

export function Illustration({ image, className, alt = '', eager = false }: IllustrationProps) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
