import * as core from '@cornerstonejs/core';
import * as tools from '@cornerstonejs/tools';
import dicomImageLoader from '@cornerstonejs/dicom-image-loader';

/**
 * Cornerstone3D, set up once per page: the rendering core (on the CPU when the browser has no
 * WebGL, as headless Chromium without a GPU), the tools, and the DICOM image loader, which decodes
 * frames in its web workers with the WASM codecs. Every request it makes to our DICOMweb carries
 * the session's bearer token (beforeSend, from the getToken it is given), never a token in the URL.
 */
let ready: Promise<void> | null = null;

function hasWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

export function initCornerstone(getToken: () => string | null): Promise<void> {
  ready ??= (async () => {
    core.init();
    // init() falls back to the CPU itself when it finds no WebGL; said here so it is never missed.
    if (!hasWebGL()) core.setUseCPURendering(true);
    tools.init();
    dicomImageLoader.init({
      // One decode worker per core, up to the four views: a full-field JPEG 2000 frame takes
      // seconds to decode, and with one worker on a two-core machine the views appeared one after
      // another (bench/viewer-open.bench.ts: about 15 s for the four).
      maxWebWorkers: Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)),
      beforeSend: (): Record<string, string> => {
        const token = getToken();
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    });
    for (const Tool of [tools.WindowLevelTool, tools.PanTool, tools.ZoomTool]) {
      if (!tools.state.tools[Tool.toolName]) tools.addTool(Tool);
    }
  })();
  return ready;
}

/** A DICOM JSON dataset (PS3.18 F.2): tag -> { vr, Value?, BulkDataURI? }. */
export type DicomJson = Record<string, { vr: string; Value?: unknown[]; BulkDataURI?: string }>;

/** Gives the loader an instance's metadata (from our /metadata) under its wadors image id. */
export function addInstanceMetadata(imageId: string, instance: DicomJson): void {
  dicomImageLoader.wadors.metaDataManager.add(imageId, instance as unknown as Parameters<typeof dicomImageLoader.wadors.metaDataManager.add>[1]);
}

export { core, tools };
