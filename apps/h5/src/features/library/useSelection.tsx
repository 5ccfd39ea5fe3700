import { useLingui } from "@lingui/react/macro";
import { validateVideoSelection } from "@platform/domain";
import { Button, useMessageText } from "@platform/ui";
import { useState } from "react";

/**
 * A library list's select mode, as /myhistory and /collection share it: which videos are ticked,
 * the 'select' / 'done' button, the rows' props, and spec §5's rule (at least one video chosen),
 * whose refusal — like any other the screen sets with `setProblem` — shows as `problemNote`.
 */
export function useSelection() {
  const { t } = useLingui();
  const text = useMessageText();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const restart = (on: boolean) => {
    setSelecting(on);
    setSelected(new Set());
    setProblem(null);
  };
  return {
    selecting,
    ids: [...selected],
    count: selected.size,
    setProblem,
    /** Leaves select mode (after the chosen videos were acted on). */
    end: () => {
      restart(false);
    },
    /** True when a video is ticked; otherwise the rule is shown and false returned. */
    check: (): boolean => {
      const invalid = validateVideoSelection([...selected]);
      setProblem(invalid === null ? null : text(invalid));
      return invalid === null;
    },
    rows: {
      selectable: selecting,
      selectedIds: selected,
      onSelectChange: (id: string, on: boolean) => {
        const next = new Set(selected);
        if (on) next.add(id);
        else next.delete(id);
        setSelected(next);
        setProblem(null);
      },
    },
    toggle: (
      <Button
        size="sm"
        variant="secondary"
        aria-pressed={selecting}
        onClick={() => {
          restart(!selecting);
        }}
      >
        {selecting ? t`完成` : t`选择`}
      </Button>
    ),
    problemNote:
      problem === null ? null : (
        <p className="h5-library-note" role="alert">
          {problem}
        </p>
      ),
  };
}
