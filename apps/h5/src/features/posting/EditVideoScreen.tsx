import { useLingui } from "@lingui/react/macro";
import type { VideoDetail } from "@platform/api-client";
import {
  VIDEO_PUBLISHED,
  VideoStatus,
  isNotFound,
  limits,
  reviewStatusOf,
  titleAdvice,
  wholeNumberText,
} from "@platform/domain";
import {
  Button,
  CoverPicker,
  Dialog,
  EmptyState,
  Skeleton,
  SkeletonGroup,
  TagEditor,
  TextField,
  useMessageText,
  useToast,
} from "@platform/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, getRouteApi, useNavigate, useRouter } from "@tanstack/react-router";
import { useEffect, useId, useMemo, useState } from "react";
import type { SyntheticEvent } from "react";
import { Page, useHeaderBack } from "../../components/Page";
import { RetryState } from "../../components/RetryState";
import { useErrorText } from "../../components/useErrorText";
import { creationKeys } from "../creation/queries";
import { AccessFields } from "./AccessFields";
import { NEW_POST, clearDraft, readDraft, updateDraft } from "./draft";
import type { Draft } from "./draft";
import {
  TITLE_MAX_LENGTH,
  checkForm,
  coverOfVideo,
  emptyForm,
  fileRuleOf,
  formOfVideo,
  saveRequest,
} from "./form";
import type { CreationConfig, FormProblems, PostingForm } from "./form";
import { creationConfigQueryOptions, ownVideoQueryOptions } from "./queries";
import { cancelUpload, keyOfUpload, uploadSaved, useLiveUpload } from "./uploads";
import { useCover } from "./useCover";
import { VideoFileSection } from "./VideoFileSection";
import "./posting.css";

const route = getRouteApi("/editvideo");

/**
 * /editvideo: post a new video; /editvideo?id={videoId}: edit one's own (its pending edit when
 * there is one). Loading, failed (retry) and not-found states; an id that is not a video id, or
 * someone else's video, is not found.
 */
export function EditVideoScreen() {
  const { t } = useLingui();
  const { id: rawId } = route.useSearch();
  const { api } = useRouter().options.context;
  const errorText = useErrorText();
  const given = rawId !== undefined && rawId.trim() !== "";
  const id = given ? wholeNumberText(rawId, 1) : null;
  const owner = String(api.client.userInfo?.id ?? "");
  const config = useQuery(creationConfigQueryOptions(api));
  const video = useQuery({ ...ownVideoQueryOptions(api, id ?? ""), enabled: id !== null });
  const title = given ? t`编辑视频` : t`发布视频`;

  if ((given && id === null) || (video.isError && isNotFound(video.error)))
    return <NotYours title={title} missing />;
  if (video.data !== undefined && video.data.owner === undefined) return <NotYours title={title} />;
  const failed = config.isError ? config : id !== null && video.isError ? video : null;
  if (failed !== null) {
    return (
      <Page title={title}>
        <RetryState message={errorText(failed.error)} onRetry={() => void failed.refetch()} />
      </Page>
    );
  }
  if (config.data === undefined || (id !== null && video.data === undefined)) {
    return (
      <Page title={title}>
        <div className="h5-posting" aria-busy="true">
          <SkeletonGroup>
            <Skeleton height={96} radius={10} />
            <Skeleton height={44} radius={6} />
            <Skeleton height={120} radius={6} />
            <Skeleton height={44} radius={6} />
          </SkeletonGroup>
        </div>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <VideoEditor
        key={`${owner}:${id ?? NEW_POST}`}
        config={config.data}
        video={video.data ?? null}
        owner={owner}
      />
    </Page>
  );
}

function NotYours({ title, missing = false }: { readonly title: string; readonly missing?: boolean }) {
  const { t } = useLingui();
  return (
    <Page title={title}>
      <EmptyState
        picture="notFound"
        description={missing ? t`找不到这个视频` : t`只能编辑自己发布的视频`}
        action={
          <Link to="/home" className="pf-button pf-button--secondary pf-button--sm">
            {t`返回首页`}
          </Link>
        }
      />
    </Page>
  );
}

/** Whether two forms say the same (so an untouched form keeps no draft). */
const sameForm = (a: PostingForm, b: PostingForm) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The editor itself: the video file and its upload, the cover, title, introduction, tags, who may
 * watch (price, preview), download; a draft in localStorage as it is typed; saving (also while the
 * file is still on its way), then the creation centre.
 */
function VideoEditor({
  config,
  video,
  owner,
}: {
  readonly config: CreationConfig;
  readonly video: VideoDetail | null;
  readonly owner: string;
}) {
  const { t } = useLingui();
  const text = useMessageText();
  const toast = useToast();
  const navigate = useNavigate();
  const back = useHeaderBack();
  const queryClient = useQueryClient();
  const { api } = useRouter().options.context;
  const slot = video?.id ?? NEW_POST;
  const status = video?.type ?? null;
  const rule = fileRuleOf(status);

  // Read once: the form starts from the draft when there is one.
  const [restored] = useState<Draft | null>(() => readDraft(owner, slot));
  const initial = useMemo(
    () => (video === null ? emptyForm(config) : formOfVideo(video, config)),
    [video, config],
  );
  const [form, setForm] = useState<PostingForm>(() => restored?.fields ?? initial);
  const [submitted, setSubmitted] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const live = useLiveUpload(owner, slot);
  const cover = useCover({
    api,
    config,
    owner,
    slot,
    currentUrl: video === null ? null : coverOfVideo(video),
    stored: restored?.cover ?? null,
  });
  const ids = {
    file: useId(),
    title: useId(),
    introduction: useId(),
    tags: useId(),
    price: useId(),
  };

  const dirty = !sameForm(form, initial);
  useEffect(() => {
    updateDraft(owner, slot, (draft) => ({ ...draft, fields: dirty ? form : null }));
  }, [owner, slot, form, dirty]);

  const problems: FormProblems = checkForm(form, config);
  const shown: FormProblems = submitted
    ? problems
    : { introduction: problems.introduction, tags: problems.tags };
  const change = (part: Partial<PostingForm>) => {
    setForm((f) => ({ ...f, ...part }));
  };

  /** The key of the video's file for the save: null when no new file goes with it. */
  const videoKey = async (): Promise<string | null> => {
    // A video that keeps its file sends none (an upload saved earlier goes on by itself).
    if (rule === "fixed" || rule === "published") return null;
    if (live !== undefined) {
      const key = await keyOfUpload(owner, slot);
      if (key === null) throw new MissingFile(t`视频上传失败，请重新上传`);
      return key;
    }
    const stored = readDraft(owner, slot)?.upload ?? null;
    if (stored?.done === true) return stored.key;
    if (rule === "new" || rule === "replace") {
      throw new MissingFile(
        stored !== null ? t`请重新选择同一个视频文件，以继续未完成的上传` : t`请选择要上传的视频`,
      );
    }
    return null;
  };

  const save = useMutation({
    mutationFn: async () => {
      const [key, coverKey] = await Promise.all([videoKey(), cover.keyForSave()]);
      const request = saveRequest(form, config, { id: video?.id ?? null, videoKey: key, coverKey });
      return api.substance.saveMyVideo(request);
    },
    onSuccess: async (saved) => {
      clearDraft(owner, slot);
      uploadSaved(owner, slot, saved.id);
      toast.show(
        video === null
          ? t`已发布，审核通过后所有人可见`
          : video.type === VIDEO_PUBLISHED
            ? t`修改已提交审核`
            : t`已保存`,
        { tone: "success" },
      );
      await queryClient.invalidateQueries({ queryKey: creationKeys.all });
      void navigate({ to: "/creationcenter", search: { id: owner } });
    },
    onError: (error) => {
      if (error instanceof MissingFile) {
        setFileProblem(error.message);
        document.getElementById(ids.file)?.focus();
      }
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const order: [keyof FormProblems, string][] = [
      ["videoTitle", ids.title],
      ["introduction", ids.introduction],
      ["tags", ids.tags],
      ["price", ids.price],
    ];
    const first = order.find(([field]) => problems[field] !== undefined);
    if (first !== undefined) {
      document.getElementById(first[1])?.focus();
      return;
    }
    save.mutate();
  };

  /**
   * Forget what was typed, the cover and the upload of a file not saved yet. A saved video's upload
   * goes on (the server waits for it), and its draft keeps it.
   */
  const discard = () => {
    if (live !== undefined && !live.saved) cancelUpload(owner, slot);
    // An unfinished upload of a new post kept from before a reload: the server drops its parts now
    // rather than when it expires (a saved video's upload is its own, and goes on).
    const left = restored?.upload ?? null;
    if (live === undefined && slot === NEW_POST && left !== null && !left.done)
      void api.client.call("upload.abort", { key: left.key }, { quiet: true }).catch(() => undefined);
    if (slot === NEW_POST) clearDraft(owner, slot);
    else updateDraft(owner, slot, (draft) => ({ ...draft, fields: null, cover: null }));
    setDiscarding(false);
    back();
  };

  const advice = titleAdvice(form.videoTitle);
  const tagProblem = shown.tags;
  const max = limits.videoTagsMax;
  const maxLength = limits.videoTagMaxLength;
  const statusLabel = status === null ? null : reviewStatusOf(status);
  const edit = video?.owner?.edit ?? null;
  const editRefused =
    edit !== null && (edit.status === VideoStatus.wordsRefused || edit.status === VideoStatus.rejected);
  const editReason = edit?.reason ?? "";
  const reason = video?.owner?.reason ?? null;
  const progress = video?.owner?.progress ?? 0;
  const statusWords = statusLabel?.label == null ? "" : text(statusLabel.label);
  const introductionCount = Array.from(form.introduction).length;
  const introductionMax = limits.introductionMaxLength;

  return (
    <form
      className="h5-posting"
      noValidate
      onSubmit={submit}
      aria-label={video === null ? t`发布视频` : t`编辑视频`}
    >
      {restored?.fields != null ? (
        <p className="h5-posting-note h5-posting-note--info" role="status">
          {t`已恢复你上次没有保存的内容。`}
        </p>
      ) : null}
      {video !== null && statusLabel !== null ? (
        <div className={`h5-posting-status h5-posting-status--${statusLabel.severity}`}>
          <p>
            {status === VIDEO_PUBLISHED
              ? t`状态：已发布`
              : status === VideoStatus.processing
                ? t`状态：处理中 ${progress}%`
                : t`状态：${statusWords}`}
          </p>
          {reason !== null && rule !== "replace" ? (
            <p className="h5-posting-status__reason">{reason}</p>
          ) : null}
        </div>
      ) : null}
      {edit !== null ? (
        <div
          className={`h5-posting-status h5-posting-status--${editRefused ? "error" : "info"}`}
          role={editRefused ? "alert" : "status"}
        >
          <p>
            {editRefused
              ? t`你的修改未通过审核，观众看到的仍是已发布的版本。`
              : t`你的修改正在审核中，审核通过前观众看到的仍是已发布的版本。`}
          </p>
          {editRefused && editReason !== "" ? (
            <p className="h5-posting-status__reason">{editReason}</p>
          ) : null}
        </div>
      ) : null}

      <section className="h5-posting-section" aria-labelledby={`${ids.file}-heading`}>
        <h2 id={`${ids.file}-heading`} className="h5-posting-heading">
          {t`视频`}
        </h2>
        <VideoFileSection
          rule={rule}
          config={config}
          owner={owner}
          slot={slot}
          stored={restored?.upload ?? null}
          serverKey={video?.owner?.uploadKey ?? null}
          statusReason={rule === "replace" ? reason : null}
          problem={fileProblem}
          inputId={ids.file}
          onChosen={() => {
            setFileProblem(null);
          }}
        />
      </section>

      <section className="h5-posting-section" aria-label={t`封面`}>
        <CoverPicker
          previewUrl={cover.state.previewUrl}
          fileName={cover.state.fileName}
          busy={cover.state.busy}
          error={cover.state.error}
          onPick={cover.pick}
        />
      </section>

      <section className="h5-posting-section">
        <TextField
          id={ids.title}
          label={t`标题（必填）`}
          value={form.videoTitle}
          maxLength={TITLE_MAX_LENGTH}
          error={shown.videoTitle === undefined ? undefined : text(shown.videoTitle)}
          hint={advice === null ? undefined : text(advice)}
          onChange={(videoTitle) => {
            change({ videoTitle });
          }}
        />
        <TextField
          id={ids.introduction}
          kind="textarea"
          label={t`简介`}
          value={form.introduction}
          showCount={false}
          hint={t`${introductionCount}/${introductionMax} 字`}
          error={shown.introduction === undefined ? undefined : text(shown.introduction)}
          onChange={(introduction) => {
            change({ introduction });
          }}
        />
        <div id={ids.tags} tabIndex={-1} className="h5-posting-tags">
          <TagEditor
            tags={form.tags}
            error={
              tagProblem === undefined
                ? undefined
                : tagProblem.kind === "count"
                  ? t`最多 ${max} 个标签`
                  : t`每个标签最多 ${maxLength} 个字`
            }
            onChange={(tags) => {
              change({ tags });
            }}
          />
        </div>
      </section>

      <section className="h5-posting-section">
        <AccessFields
          form={form}
          config={config}
          priceId={ids.price}
          priceProblem={shown.price ?? null}
          onChange={change}
        />
      </section>

      <div className="h5-posting-actions">
        {dirty || live !== undefined || restored !== null ? (
          <Button
            variant="secondary"
            onClick={() => {
              setDiscarding(true);
            }}
          >
            {t`放弃`}
          </Button>
        ) : null}
        <Button type="submit" busy={save.isPending} block>
          {video === null ? t`发布` : t`保存修改`}
        </Button>
      </div>
      <Dialog
        open={discarding}
        tone="danger"
        title={video === null ? t`放弃发布？` : t`放弃修改？`}
        confirmLabel={t`放弃`}
        cancelLabel={t`继续编辑`}
        onConfirm={discard}
        onCancel={() => {
          setDiscarding(false);
        }}
      >
        {t`填写的内容和未完成的上传都将清除。`}
      </Dialog>
    </form>
  );
}

/** The save found no video file to go with a post that needs one. */
class MissingFile extends Error {}
