import { Trans, useLingui } from "@lingui/react/macro";
import { Icon } from "../icons/Icon";
import { Badge } from "../primitives/Badge";
import { Button } from "../primitives/Button";
import "../primitives/IconButton.css";
import type { MyPanelTarget } from "./menu";

/** The panel's first row: '+ post a video' and 'my videos' (shown even when the panel's data failed). */
export function CreationRow({ onNavigate }: { readonly onNavigate: (target: MyPanelTarget) => void }) {
  const { t } = useLingui();
  return (
    <div className="pf-my-panel__create" role="group" aria-label={t`创作`}>
      <Button
        variant="primary"
        onClick={() => {
          onNavigate("postVideo");
        }}
      >
        <Icon name="plus" size={18} />
        <Trans>发布视频</Trans>
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          onNavigate("myWorks");
        }}
      >
        <Icon name="play" size={16} />
        <Trans>我的作品</Trans>
      </Button>
    </div>
  );
}

/** The message centre's entry with its unread badge (capped at 99). */
export function MessagesEntry({ count, onOpen }: { readonly count: number; readonly onOpen: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="pf-icon-button pf-my-panel__messages" onClick={onOpen}>
      <span className="pf-visually-hidden">{t`消息中心`}</span>
      <Badge count={count}>
        <Icon name="message" />
      </Badge>
    </button>
  );
}
