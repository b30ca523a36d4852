import { useCallback, useEffect, useRef, useState } from 'react';
import { VIEW_KEYS, type ViewKey } from '../../../core/contract';
import { clearStaged, stageFiles, stagedFiles } from '../../offline/staging';
import { classifyFiles, type PickClassification } from './dicom-client';

export type Picked = {
  /** 'loading' until the staged files of an earlier visit are known. */
  status: 'loading' | 'empty' | 'classifying' | 'classified';
  files: File[];
  classification: PickClassification | null;
  /** The file for each view that the headers put there (the first one when doubled). */
  byView: Partial<Record<ViewKey, File>>;
};

function byViewOf(files: File[], c: PickClassification): Partial<Record<ViewKey, File>> {
  const out: Partial<Record<ViewKey, File>> = {};
  c.files.forEach((f, i) => {
    if (f.result.ok && !out[f.result.key]) out[f.result.key] = files[i];
  });
  return out;
}

/**
 * The files picked in the wizard: kept in IndexedDB at once (they survive a reload until submitted
 * or replaced) and classified by their headers in the DICOM worker.
 */
export function usePickedFiles(storeKey: string | null, contactEmail: string | undefined) {
  const [state, setState] = useState<Picked>({ status: 'loading', files: [], classification: null, byView: {} });
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const classify = useCallback(
    async (files: File[]) => {
      setState({ status: 'classifying', files, classification: null, byView: {} });
      const classification = await classifyFiles(files, { contactEmail, requireDcmExtension: true });
      setState((s) => (s.files === files ? { status: 'classified', files, classification, byView: byViewOf(files, classification) } : s));
    },
    [contactEmail],
  );

  // Files picked before the public config arrived were told the reason without the contact
  // address; once it is known they are classified again so the spec's sentence shows. (With a
  // store key the effect below does it: it runs again whenever `classify` changes.)
  useEffect(() => {
    const files = stateRef.current.files;
    if (!storeKey && contactEmail && files.length) void classify(files);
  }, [storeKey, contactEmail, classify]);

  useEffect(() => {
    if (!storeKey) return;
    let live = true;
    void stagedFiles(storeKey).then((files) => {
      if (!live) return;
      if (files) void classify(files);
      else setState((s) => (s.status === 'loading' ? { ...s, status: 'empty' } : s));
    });
    return () => {
      live = false;
    };
  }, [storeKey, classify]);

  /**
   * Adds picked files to the staged set: a new file takes the place of the staged file of its own
   * view only, so she can pick the four views in several goes or redo one of them. Staged files
   * the headers could not place are not kept once she picks again.
   */
  const pick = useCallback(
    async (picked: File[]) => {
      if (!picked.length) return;
      const before = stateRef.current.byView;
      let files = picked;
      if (Object.keys(before).length) {
        const c = await classifyFiles(picked, { contactEmail, requireDcmExtension: true });
        const replaced = new Set(c.files.flatMap((f) => (f.result.ok ? [f.result.key] : [])));
        const kept = VIEW_KEYS.flatMap((key) => (before[key] && !replaced.has(key) ? [before[key]] : []));
        files = [...kept, ...picked];
      }
      if (storeKey) await stageFiles(storeKey, files);
      await classify(files);
    },
    [storeKey, classify, contactEmail],
  );

  const clear = useCallback(async () => {
    if (storeKey) await clearStaged(storeKey);
    setState({ status: 'empty', files: [], classification: null, byView: {} });
  }, [storeKey]);

  return { ...state, pick, clear };
}
