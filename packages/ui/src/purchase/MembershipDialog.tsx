import { useLingui } from "@lingui/react/macro";
import { Dialog } from "../primitives/Dialog";

export interface MembershipDialogProps {
  readonly open: boolean;
  readonly onOpenMembership: () => void;
  readonly onCancel: () => void;
}

/** 'This function requires a super membership', with open membership and cancel (spec §5, §6). */
export function MembershipDialog({ open, onOpenMembership, onCancel }: MembershipDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      title={t`该功能需要开通超级会员`}
      confirmLabel={t`开通会员`}
      onConfirm={onOpenMembership}
      onCancel={onCancel}
    />
  );
}
