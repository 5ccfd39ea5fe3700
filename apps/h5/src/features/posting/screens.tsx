// Posting one's own videos in one chunk: /editvideo loads it lazily (features/posting/routing), the
// owner's /creationcenter loads its works list from it, so neither their code nor their words
// (the `creation` catalog) join /home's first load.
import "../../components/forms.css";
import { Skeleton, SkeletonGroup } from "@platform/ui";
import type { ReactNode } from "react";
import { CatalogGate, withCatalog } from "../../components/CatalogGate";
import { EditVideoScreen as EditVideo } from "./EditVideoScreen";
import { OwnerWorks as Works } from "./OwnerWorks";

/** Marks the creation catalog (`hasCatalog(i18n, "creation")` looks for this id). */
export const creationCatalogMark = /*i18n*/ { id: "creation.catalog", message: "创作" };

export const EditVideoScreen = withCatalog("creation", EditVideo);

/** The owner's own works on /creationcenter, under the author's header, once their words are here. */
export function OwnerWorks({ header }: { readonly header: ReactNode }) {
  return (
    <CatalogGate
      name="creation"
      fallback={
        <div className="h5-creation__scroll">
          {header}
          <SkeletonGroup>
            <Skeleton height={116} />
          </SkeletonGroup>
        </div>
      }
    >
      <Works header={header} />
    </CatalogGate>
  );
}
