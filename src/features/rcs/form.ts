import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../../errors.ts';
import { partsOptions } from '../files/form.ts';
import type { FormFile } from './media-rules.ts';

/** The parts of an RCS center form: text fields and file fields by name. */
export interface RcsForm {
  readonly fields: ReadonlyMap<string, string>;
  readonly files: ReadonlyMap<string, FormFile>;
}

export interface RcsFormSpec {
  /** Text fields kept; a field of these sent as a file part (curl -F regBrand=@brand.json) is read as text. */
  readonly fields: readonly string[];
  /** File fields kept. */
  readonly files: readonly string[];
  /** The largest file any field takes; each field's own limit is checked by its rule. */
  readonly maxFileBytes: number;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // discarded: a part the form does not use
  }
}

/**
 * Reads a form as it streams, keeping the named fields and files; unknown text fields are
 * ignored, as elsewhere. A file under an unknown part name is refused (dropping it would lose
 * what the client meant to send), and so is a field or file sent twice rather than one of the
 * two chosen silently.
 */
export async function readRcsForm(req: FastifyRequest, spec: RcsFormSpec): Promise<RcsForm> {
  if (!req.isMultipart()) throw new GatewayError('A415', 'expected multipart/form-data');
  const fields = new Map<string, string>();
  const files = new Map<string, FormFile>();
  const twice = new Set<string>();
  let stray: string | undefined;
  const options = {
    ...partsOptions(spec.maxFileBytes),
    isPartAFile: (
      fieldName: string | undefined,
      contentType: string | undefined,
      fileName: string | undefined,
    ) =>
      (fieldName !== undefined && spec.files.includes(fieldName)) ||
      contentType === 'application/octet-stream' ||
      fileName !== undefined,
  };
  try {
    for await (const part of req.parts(options)) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (spec.files.includes(name)) {
          const bytes = await readAll(part.file);
          if (files.has(name)) twice.add(name);
          else files.set(name, { bytes, filename: part.filename ?? '', oversize: part.file.truncated });
        } else if (spec.fields.includes(name)) {
          const bytes = await readAll(part.file);
          if (part.file.truncated) throw new GatewayError('A300', `${name} is too long`);
          if (fields.has(name)) twice.add(name);
          else fields.set(name, bytes.toString('utf8'));
        } else {
          stray ??= name;
          await drain(part.file);
        }
      } else if (spec.fields.includes(name) && typeof part.value === 'string') {
        if (part.valueTruncated) throw new GatewayError('A300', `${name} is too long`);
        if (fields.has(name)) twice.add(name);
        else fields.set(name, part.value);
      }
    }
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    // Everything here comes from parsing the client's body (a missing boundary, a cut-off part,
    // too many parts): the request is wrong, never a 500.
    const message = err instanceof Error ? err.message : String(err);
    throw new GatewayError('A300', `malformed multipart/form-data: ${message}`);
  }
  if (stray !== undefined) {
    throw new GatewayError(
      'A300',
      `the form has a file in a part named ${JSON.stringify(stray)}: files go in ${spec.files.join(', ')}`,
    );
  }
  const [first] = twice;
  if (first !== undefined) throw new GatewayError('A300', `the form has more than one part named ${first}`);
  return { fields, files };
}

/** A required text field: present and not blank, else A300 naming it. */
export function requiredField(form: RcsForm, name: string): string {
  const value = form.fields.get(name)?.trim();
  if (!value) throw new GatewayError('A300', `${name} is required`);
  return value;
}
