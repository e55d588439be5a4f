/**
 * Just enough JPEG to vouch for an upload: the magic bytes, and the frame size read from the
 * first start-of-frame (SOF) segment. Reading the header ourselves keeps a dependency out for
 * one format, and refuses a file whose name or declared type says JPEG while its bytes do not.
 */

export interface JpegInfo {
  width: number;
  height: number;
  /** SOF2 and friends: progressive coding (some handsets show these late or not at all). */
  progressive: boolean;
}

/** FF D8 FF: start of image, then the first marker. */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** SOF markers are C0-CF except C4 (DHT), C8 (reserved JPG) and CC (DAC). */
function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Walks the segments up to the first SOF; null when the bytes are no JPEG, end before a frame
 * header, or declare a zero size (a height given later in a DNL segment is not supported).
 */
export function readJpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (!isJpeg(bytes)) return null;
  let pos = 2;
  while (pos + 3 < bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    const marker = bytes[pos + 1] ?? 0;
    // Fill bytes: any number of FF before a marker.
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    // Markers without a length: TEM and RST0-7. SOI again, EOI or SOS before a frame: no image.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null;
    const length = ((bytes[pos + 2] ?? 0) << 8) | (bytes[pos + 3] ?? 0);
    if (length < 2) return null;
    if (isSof(marker)) {
      // Segment: length(2) precision(1) height(2) width(2) ...
      if (length < 7 || pos + 8 >= bytes.length) return null;
      const height = ((bytes[pos + 5] ?? 0) << 8) | (bytes[pos + 6] ?? 0);
      const width = ((bytes[pos + 7] ?? 0) << 8) | (bytes[pos + 8] ?? 0);
      if (width === 0 || height === 0) return null;
      const progressive = marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce;
      return { width, height, progressive };
    }
    pos += 2 + length;
  }
  return null;
}
