/** Base64 of bytes (the wire's encodings: `req`, passwords, the Basic header). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** `Authorization: Basic …` for the token endpoints: the client id and secret. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${toBase64(new TextEncoder().encode(`${clientId}:${clientSecret}`))}`;
}
