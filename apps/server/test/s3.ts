import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** The bucket's CORS rule the README asks for: PUT from the app, and the ETag exposed. */
const cors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface LocalS3 {
  readonly endpoint: string;
  /** The settings a server needs to use it (STORAGE=s3 …). */
  readonly env: Record<string, string>;
  /** Every object key in the bucket (for asserting what was stored or removed). */
  readonly directory: string;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver from npm) on a free loopback port, with one bucket
 * configured as a deployment would (CORS for the app's uploads). Its files are a temporary folder.
 */
export async function startLocalS3(bucket = "platform"): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [cors] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${String(address.port)}`;
  return {
    endpoint,
    directory,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
