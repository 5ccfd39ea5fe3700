/** A person's pictures (Step 15): the background and the avatar, each a picture they uploaded. */
import { eq } from "drizzle-orm";
import { BusinessCode, publicFileUrl } from "@platform/domain";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { BusinessError } from "../../http/errors";
import { ServerMessage } from "../../http/messages";
import type { ResponseOf } from "@platform/api-client";
import type { SignedInInput } from "../../http/route";
import type { UploadRow } from "./cleanup";
import { finishedUpload } from "./files";

/** A finished picture upload of the caller's, for a profile picture (refusals say the upload is missing). */
async function ownPicture(ctx: AppContext, key: string, userId: number, bucket: string): Promise<UploadRow> {
  return finishedUpload(ctx, key, userId, "PICTURE", bucket).catch((error: unknown) => {
    if (
      error instanceof BusinessError &&
      (error.key === ServerMessage.notYours || error.key === ServerMessage.uploadNotPicture)
    )
      throw error;
    throw new BusinessError(
      error instanceof BusinessError && error.code === BusinessCode.notFound
        ? BusinessCode.notFound
        : BusinessCode.invalid,
      ServerMessage.uploadMissing,
    );
  });
}

export async function useAsBackground(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.modifyBgImg">,
): Promise<ResponseOf<"user.modifyBgImg">> {
  const row = await ownPicture(ctx, body.bgImgFilename, caller.userId, body.bgImgBucket);
  await ctx.db
    .update(users)
    .set({ bgImgKey: row.key, bgImgBucket: row.bucket })
    .where(eq(users.id, caller.userId));
  return { bgImgFileUrl: publicFileUrl(row.bucket, row.key) };
}

/** The avatar (Step 15): a picture the person uploaded (the app crops it square first). */
export async function useAsAvatar(
  ctx: AppContext,
  { body, caller }: SignedInInput<"user.modifyAvatar">,
): Promise<ResponseOf<"user.modifyAvatar">> {
  const row = await ownPicture(ctx, body.avatarFilename, caller.userId, body.avatarBucket);
  const avatarFileUrl = publicFileUrl(row.bucket, row.key);
  await ctx.db.update(users).set({ avatarUrl: avatarFileUrl }).where(eq(users.id, caller.userId));
  return { avatarFileUrl };
}
