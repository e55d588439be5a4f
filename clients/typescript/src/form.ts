import type { Upload } from './types.js';

/** A file part: the bytes and the name the gateway sees (its extension must match the content). */
export interface FilePart {
  file: Upload;
  /** Default: the File's own name, else `upload`. */
  fileName?: string;
}

function blobOf(upload: Upload): Blob {
  if (upload instanceof Blob) return upload;
  // Copied into a fresh ArrayBuffer: a Node Buffer may be a view of a larger shared pool.
  return new Blob([new Uint8Array(upload)]);
}

function nameOf(part: FilePart): string {
  if (part.fileName !== undefined) return part.fileName;
  const f = part.file;
  // A File (a Blob with a name) keeps its own name.
  return f instanceof Blob && 'name' in f && typeof f.name === 'string' && f.name !== '' ? f.name : 'upload';
}

/**
 * A multipart form: text fields (objects as JSON, absent ones left out) and file parts (absent
 * ones left out).
 */
export function formOf(
  fields: Record<string, string | object | undefined>,
  files: Record<string, FilePart | undefined>,
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v !== undefined) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  for (const [k, part] of Object.entries(files)) {
    if (part) form.append(k, blobOf(part.file), nameOf(part));
  }
  return form;
}
