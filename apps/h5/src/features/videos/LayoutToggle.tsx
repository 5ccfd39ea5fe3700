import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { VideoLayout, videoLayoutAtom } from "./state";

/** Two per row or single rows, kept for the next visit. */
export function LayoutToggle() {
  const { t } = useLingui();
  const [layout, setLayout] = useAtom(videoLayoutAtom);
  const options = [
    { value: VideoLayout.grid, label: t`双列` },
    { value: VideoLayout.rows, label: t`单列` },
  ];
  return (
    <div className="h5-layout-toggle" role="group" aria-label={t`列表样式`}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="h5-layout-toggle__option"
          aria-pressed={layout === option.value}
          onClick={() => {
            setLayout(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
