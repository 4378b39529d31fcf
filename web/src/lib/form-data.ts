/**
 * Multipart bodies as the identity service reads them: nested fields flattened as
 * `fk_user.first_name`, flags as 'true'/'false' (their plain meaning), files as files.
 * Undefined values are left out, so an update sends only what changed.
 */
export type FormValue = string | number | boolean | File | null | undefined;

/** A chosen file (checked by shape: files may come from another realm, e.g. in tests). */
export function isFile(value: unknown): value is File {
  return typeof value === 'object' && value !== null && typeof (value as File).name === 'string' && typeof (value as Blob).arrayBuffer === 'function';
}

export function toFormData(values: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (isFile(value)) form.append(key, value, value.name);
    else if (typeof value === 'boolean') form.append(key, value ? 'true' : 'false');
    else form.append(key, value === null ? '' : String(value));
  }
  return form;
}

/** The entries of `next` that differ from `initial` (a file only when one was chosen). */
export function changedValues<T extends Record<string, FormValue>>(initial: T, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    const value = next[key];
    if (value === undefined || value === null) continue;
    if (isFile(value) || value !== initial[key]) out[key] = value;
  }
  return out;
}

/** Image uploads (logos, avatars): png, jpeg or bmp. The server checks the content too. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/bmp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const isAcceptedImage = (file: File) =>
  (IMAGE_TYPES as readonly string[]).includes(file.type) || /\.(png|jpe?g|bmp)$/i.test(file.name);

/** The server's upload limit (kit/uploads.py MAX_BYTES). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
