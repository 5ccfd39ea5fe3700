import { useLingui } from "@lingui/react/macro";
import type { VideoDetail } from "@platform/api-client";
import { VIDEO_PUBLISHED, limits, titleAdvice } from "@platform/domain";
import { Button, CoverPicker, Dialog, TagEditor, TextField, useMessageText, useToast } from "@platform/ui";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useMemo, useState } from "react";
import type { SyntheticEvent } from "react";
import { useHeaderBack } from "../../components/Page";
import { AccessFields } from "./AccessFields";
import { EditorNotes } from "./EditorNotes";
import { NEW_POST, clearDraft, readDraft, updateDraft } from "./draft";
import type { Draft } from "./draft";
import {
  TITLE_MAX_LENGTH,
  checkForm,
  coverOfVideo,
  emptyForm,
  fileRuleOf,
  formOfVideo,
  previewWithin,
  saveRequest,
} from "./form";
import type { CreationConfig, FormProblems, PostingForm } from "./form";
import { useSaveMyVideoMutation } from "./queries";
import { cancelUpload, keyOfUpload, uploadSaved, useLiveUpload } from "./uploads";
import { useCover } from "./useCover";
import { VideoFileSection } from "./VideoFileSection";
import { readVideoLength } from "./videoLength";
import { useApi } from "../../app/useApi";

/** Whether two forms say the same (so an untouched form keeps no draft). */
const sameForm = (a: PostingForm, b: PostingForm) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The editor itself: the video file and its upload, the cover, title, introduction, tags, who may
 * watch (price, preview), download; a draft in localStorage as it is typed; saving (also while the
 * file is still on its way), then the creation centre.
 */
export function VideoEditor({
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
  const api = useApi();
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
  /** The video's length (its info, or read from the file chosen): previews are shorter than it. */
  const [lengthMs, setLengthMs] = useState<number | null>(() =>
    video !== null && video.videoLength > 0 ? video.videoLength : null,
  );
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

  /** What the form lacks of a file, known before saving (so it shows with the other errors). */
  const missingFile = (): string | null => {
    if (live !== undefined || (rule !== "new" && rule !== "replace")) return null;
    const stored = readDraft(owner, slot)?.upload ?? null;
    if (stored?.done === true) return null;
    return stored !== null ? t`请重新选择同一个视频文件，以继续未完成的上传` : t`请选择要上传的视频`;
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
    const missing = missingFile();
    if (missing !== null) throw new MissingFile(missing);
    return readDraft(owner, slot)?.upload?.key ?? null;
  };

  /** The request, once the file's and the cover's upload keys are known. */
  const prepare = async () => {
    const [key, coverKey] = await Promise.all([videoKey(), cover.keyForSave()]);
    return saveRequest(form, config, { id: video?.id ?? null, videoKey: key, coverKey });
  };
  // Saved, one's videos are read again before the author's page opens (the hook).
  const save = useSaveMyVideoMutation({
    onSuccess: (saved) => {
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
    },
    onRefreshed: () => {
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
    // Every problem at once, each beside its field; the first in the form's order gets the focus.
    const missing = missingFile();
    setFileProblem(missing);
    const order: [boolean, string][] = [
      [missing !== null, ids.file],
      [problems.videoTitle !== undefined, ids.title],
      [problems.introduction !== undefined, ids.introduction],
      [problems.tags !== undefined, ids.tags],
      [problems.price !== undefined, ids.price],
    ];
    const first = order.find(([wrong]) => wrong);
    if (first !== undefined) {
      document.getElementById(first[1])?.focus();
      return;
    }
    save.mutate(prepare);
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
  const reason = video?.owner?.reason ?? null;
  const introductionCount = Array.from(form.introduction).length;
  const introductionMax = limits.introductionMaxLength;

  return (
    <form
      className="h5-posting"
      noValidate
      onSubmit={submit}
      aria-label={video === null ? t`发布视频` : t`编辑视频`}
    >
      <EditorNotes video={video} restored={restored?.fields != null} />

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
          onChosen={(file) => {
            setFileProblem(null);
            void readVideoLength(file).then((ms) => {
              if (ms === null) return;
              setLengthMs(ms);
              // A preview the new file is too short for gives way to the longest that fits.
              setForm((f) => ({ ...f, freeTimeMs: previewWithin(config, f.freeTimeMs, ms) }));
            });
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
          lengthMs={lengthMs}
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
