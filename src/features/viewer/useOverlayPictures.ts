import { useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { ViewKey } from '../../../core/contract';
import { VIEWER_OVERLAYS, type ViewerFindings, type ViewerOverlay } from './findings';

type Pictures = Partial<Record<ViewKey, Partial<Record<ViewerOverlay, HTMLImageElement>>>>;

/**
 * The overlay pictures of each view, fetched the first time their toggle is turned on (and only for
 * views that have them), decoded once for drawing on a canvas.
 */
export function useOverlayPictures(findings: ViewerFindings, shown: Record<ViewerOverlay, boolean>, hanging: readonly ViewKey[]): Pictures {
  const ready = findings.state === 'ready' ? findings : null;
  const wanted = hanging.flatMap((view) =>
    VIEWER_OVERLAYS.filter(({ kind }) => shown[kind] && (ready?.result.overlays[view] ?? []).includes(kind)).map(({ kind }) => ({ view, kind })),
  );
  const answers = useQueries({
    queries: wanted.map(({ view, kind }) => ({ ...ready!.overlay(view, kind), staleTime: Infinity, retry: false })),
  });
  const [pictures, setPictures] = useState<Pictures>({});
  const key = answers.map((a, i) => (a.data ? `${wanted[i].view}.${wanted[i].kind}` : '')).join(',');

  useEffect(() => {
    let cancelled = false;
    answers.forEach((answer, i) => {
      const { view, kind } = wanted[i];
      if (!answer.data || pictures[view]?.[kind]) return;
      const image = new Image();
      image.src = `data:image/png;base64,${answer.data.img_b64}`;
      image
        .decode()
        .then(() => {
          if (!cancelled) setPictures((p) => ({ ...p, [view]: { ...p[view], [kind]: image } }));
        })
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
    // The answers are read through `key`: a new array every render, the same pictures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return pictures;
}
