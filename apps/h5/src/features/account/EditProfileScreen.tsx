import { useLingui } from "@lingui/react/macro";
import { Gender, genders, limits, validateIntroduction } from "@platform/domain";
import { Button, TextField, useMessageText, useToast } from "@platform/ui";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { ReactNode, SyntheticEvent } from "react";
import { freshProfileQueryOptions } from "../../app/session/queries";
import { Page } from "../../components/Page";
import { profileGate } from "./profileGate";
import { useErrorText } from "../../components/useErrorText";
import { AvatarSection } from "./AvatarSection";
import {
  AREA_MAX,
  NICKNAME_MAX,
  areaTooLong,
  birthdayProblem,
  lengthOf,
  nickNameProblem,
  todayText,
} from "./profileForm";
import "./security.css";
import { useApi } from "../../app/useApi";
import { useSaveBirthdayMutation, useSaveInfoMutation } from "./queries/account";

/**
 * /editprofile: the avatar, nickname, gender, birthday, area and introduction, each saved on its
 * own (its own rule, message and success toast). Loading and failed (retry) states.
 */
export function EditProfileScreen() {
  const { t } = useLingui();
  const api = useApi();
  const errorText = useErrorText();
  const profile = useQuery(freshProfileQueryOptions(api));
  const title = t`编辑资料`;

  const gate = profileGate(profile, title, errorText, 120, 3);
  if (gate.data === undefined) return gate.view;
  const data = gate.data;
  return (
    <Page title={title}>
      <div className="h5-account">
        <AvatarSection url={data.avatarFileUrl} />
        <NickNameSection saved={data.nickName} />
        <GenderSection saved={data.gender} />
        <BirthdaySection saved={data.birthday} />
        <AreaSection saved={data.area ?? ""} />
        <IntroductionSection saved={data.introduction ?? ""} />
      </div>
    </Page>
  );
}

/** Saves one field through modifyInfo; the cached profile takes the saved value, a toast says so. */
function useSaveInfo(done: string) {
  const toast = useToast();
  return useSaveInfoMutation({
    onSuccess: () => {
      toast.show(done, { tone: "success" });
    },
  });
}

/** One field's card: its form, its save button (named after the field), busy while saving. */
function FieldForm({
  title,
  saveLabel,
  busy,
  unchanged,
  onSave,
  children,
}: {
  readonly title: string;
  readonly saveLabel: string;
  readonly busy: boolean;
  readonly unchanged: boolean;
  readonly onSave: () => void;
  readonly children: ReactNode;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!busy && !unchanged) onSave();
  };
  return (
    <form className="h5-account-card" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h2 id={titleId} className="pf-visually-hidden">
        {title}
      </h2>
      {children}
      <div className="h5-actions">
        <Button type="submit" size="sm" busy={busy} disabled={unchanged} aria-label={saveLabel}>
          {t`保存`}
        </Button>
      </div>
    </form>
  );
}

function NickNameSection({ saved }: { readonly saved: string }) {
  const { t } = useLingui();
  const [value, setValue] = useState(saved);
  const [attempted, setAttempted] = useState(false);
  const save = useSaveInfo(t`昵称已保存`);
  const issue = nickNameProblem(value);
  const max = NICKNAME_MAX;
  const problem = issue === "required" ? t`请输入昵称` : issue === "tooLong" ? t`昵称最多 ${max} 个字` : null;
  const shown = attempted || issue === "tooLong" ? problem : null;
  const length = lengthOf(value.trim());
  return (
    <FieldForm
      title={t`昵称`}
      saveLabel={t`保存昵称`}
      busy={save.isPending}
      unchanged={value.trim() === saved}
      onSave={() => {
        setAttempted(true);
        if (problem === null) save.mutate({ nickName: value.trim() });
      }}
    >
      <TextField
        label={t`昵称`}
        value={value}
        onChange={setValue}
        autoComplete="nickname"
        hint={t`${length}/${max} 字`}
        error={shown ?? undefined}
      />
    </FieldForm>
  );
}

function GenderSection({ saved }: { readonly saved: Gender }) {
  const { t } = useLingui();
  const [value, setValue] = useState<Gender>(saved);
  const save = useSaveInfo(t`性别已保存`);
  const labels: Record<Gender, string> = {
    [Gender.MALE]: t`男`,
    [Gender.FEMALE]: t`女`,
    [Gender.SECRET]: t`保密`,
  };
  const name = useId();
  return (
    <FieldForm
      title={t`性别`}
      saveLabel={t`保存性别`}
      busy={save.isPending}
      unchanged={value === saved}
      onSave={() => {
        save.mutate({ gender: value });
      }}
    >
      <fieldset className="h5-fieldset">
        <legend className="h5-note">{t`性别`}</legend>
        <div className="h5-account-choices">
          {genders.map((gender) => (
            <label key={gender} className="h5-account-choice">
              <input
                type="radio"
                name={name}
                value={gender}
                checked={value === gender}
                onChange={() => {
                  setValue(gender);
                }}
              />
              <span>{labels[gender]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </FieldForm>
  );
}

function BirthdaySection({ saved }: { readonly saved: string | null }) {
  const { t } = useLingui();
  const toast = useToast();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(saved ?? "");
  const [attempted, setAttempted] = useState(false);
  const today = todayText();
  const issue = birthdayProblem(value, today);
  const problem = issue === "required" ? t`请选择生日` : issue === "future" ? t`生日不能晚于今天` : null;
  const shown = attempted || issue === "future" ? problem : null;
  const save = useSaveBirthdayMutation({
    onSuccess: () => {
      toast.show(t`生日已保存`, { tone: "success" });
    },
  });
  return (
    <FieldForm
      title={t`生日`}
      saveLabel={t`保存生日`}
      busy={save.isPending}
      unchanged={value === (saved ?? "")}
      onSave={() => {
        setAttempted(true);
        if (problem === null) save.mutate(value);
      }}
    >
      <div className="pf-text-field">
        <label htmlFor={inputId} className="pf-text-field__label">
          {t`生日`}
        </label>
        <input
          id={inputId}
          className="h5-account-date"
          type="date"
          max={today}
          value={value}
          aria-invalid={shown === null ? undefined : true}
          aria-describedby={shown === null ? undefined : errorId}
          onChange={(event) => {
            setValue(event.target.value);
          }}
        />
        {shown === null ? null : (
          <p id={errorId} className="h5-error" role="alert">
            {shown}
          </p>
        )}
      </div>
    </FieldForm>
  );
}

function AreaSection({ saved }: { readonly saved: string }) {
  const { t } = useLingui();
  const [value, setValue] = useState(saved);
  const save = useSaveInfo(t`地区已保存`);
  const max = AREA_MAX;
  const problem = areaTooLong(value) ? t`地区最多 ${max} 个字` : null;
  return (
    <FieldForm
      title={t`地区`}
      saveLabel={t`保存地区`}
      busy={save.isPending}
      unchanged={value.trim() === saved}
      onSave={() => {
        if (problem === null) save.mutate({ area: value.trim() });
      }}
    >
      <TextField
        label={t`地区`}
        value={value}
        onChange={setValue}
        placeholder={t`如：广东 深圳`}
        error={problem ?? undefined}
      />
    </FieldForm>
  );
}

function IntroductionSection({ saved }: { readonly saved: string }) {
  const { t } = useLingui();
  const text = useMessageText();
  const [value, setValue] = useState(saved);
  const save = useSaveInfo(t`简介已保存`);
  const rule = validateIntroduction(value);
  const count = lengthOf(value);
  const max = limits.introductionMaxLength;
  return (
    <FieldForm
      title={t`简介`}
      saveLabel={t`保存简介`}
      busy={save.isPending}
      unchanged={value === saved}
      onSave={() => {
        if (rule === null) save.mutate({ introduction: value });
      }}
    >
      <TextField
        kind="textarea"
        label={t`简介`}
        value={value}
        onChange={setValue}
        showCount={false}
        placeholder={t`介绍一下自己吧`}
        hint={t`${count}/${max} 字`}
        error={rule === null ? undefined : text(rule)}
      />
    </FieldForm>
  );
}
