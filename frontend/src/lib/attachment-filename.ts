/**
 * The file name of a `Content-Disposition: attachment; filename="…"` header, without any path (a name the
 * server sent is still only a name); undefined when the header is missing or names none.
 */
export function attachmentFilename(contentDisposition: string | null): string | undefined {
  const match = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(contentDisposition ?? '');
  const name = (match?.[1] ?? match?.[2])?.split(/[\\/]/).pop()?.trim();
  return name ? name : undefined;
}
