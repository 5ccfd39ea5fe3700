/**
 * jsdom has no object URLs: `URL.createObjectURL` / `revokeObjectURL` answer as `create` and
 * `revoke` say until the returned function puts back what was there (none, in jsdom).
 */
export function stubObjectUrls(
  create: (blob: Blob) => string,
  revoke: (url: string) => void = () => undefined,
): () => void {
  const had = {
    createObjectURL: Object.getOwnPropertyDescriptor(URL, "createObjectURL"),
    revokeObjectURL: Object.getOwnPropertyDescriptor(URL, "revokeObjectURL"),
  };
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  return () => {
    for (const [name, descriptor] of Object.entries(had)) {
      if (descriptor === undefined) Reflect.deleteProperty(URL, name);
      else Object.defineProperty(URL, name, descriptor);
    }
  };
}
