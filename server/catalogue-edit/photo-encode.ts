/**
 * Uploaded photos are never stored as sent (issue 21): each is decoded in full and re-encoded by
 * sharp (libvips) to WebP and to JPEG, at most 1600 px on the long side, turned upright by its
 * EXIF orientation first, with every piece of metadata (EXIF, GPS, XMP, ICC comments) dropped —
 * sharp writes none unless asked. A picture whose header declares more than MAX_PHOTO_PIXELS is
 * refused before a pixel is decoded (a 6000 × 6000 PNG of 100 KB would be 108 MB in memory); a
 * file that does not decode in full (truncated, corrupt) is refused too.
 */
import sharp from 'sharp';
import type { ImageInfo } from './image-check';

/** 24 megapixels: a 6000 × 4000 camera picture passes, a 6000 × 6000 bomb does not. */
export const MAX_PHOTO_PIXELS = 24_000_000;
export const MAX_PHOTO_SIDE_OUT = 1600;

export class PhotoRefused extends Error {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export const PHOTO_PIXELS_MESSAGE = (width: number, height: number) =>
  `This picture is ${width} × ${height} pixels: at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels are accepted (for example 6000 × 4000). Please upload a smaller picture.`;
export const PHOTO_UNREADABLE_MESSAGE =
  'This picture could not be read in full (it may be truncated or damaged). Please upload it again or export it anew.';

export interface EncodedPhoto {
  webp: Buffer;
  jpeg: Buffer;
  width: number;
  height: number;
}

// Uploads are rare and never repeated: libvips' operation cache would only hold memory.
sharp.cache(false);

export async function reencodePhoto(bytes: Buffer, declared: ImageInfo): Promise<EncodedPhoto> {
  if (declared.width * declared.height > MAX_PHOTO_PIXELS)
    throw new PhotoRefused(413, PHOTO_PIXELS_MESSAGE(declared.width, declared.height));
  try {
    // Decoded once (in full), turned upright and shrunk to raw pixels; both files are encoded from those.
    // limitInputPixels checks the header again inside libvips (the declared size above is our own
    // reading); failOn 'error' stops on a decoding error or truncation, not on a harmless warning.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(MAX_PHOTO_SIDE_OUT, MAX_PHOTO_SIDE_OUT, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const webp = await pixels().webp({ quality: 82 }).toBuffer();
    // JPEG has no transparency: a transparent PNG gets a white background there.
    const jpeg = await pixels().flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { webp, jpeg, width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new PhotoRefused(413, PHOTO_PIXELS_MESSAGE(declared.width, declared.height));
    throw new PhotoRefused(415, PHOTO_UNREADABLE_MESSAGE);
  }
}
